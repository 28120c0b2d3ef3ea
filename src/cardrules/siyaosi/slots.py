"""Filling a frozen slotted class's fields directly, for the play engine's hot paths.

``object.__setattr__(obj, name, value)`` looks the slot up by name on every call; a slot's own
descriptor (``__set__``) skips that lookup, and is what the hot paths use to build objects the
library already knows to be valid (a state made by ``apply``, a move the generator lists).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cardrules.multiset import Cards

__all__ = ["cards", "setter"]


def setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of slot ``name`` of ``cls`` (declared on ``cls`` or a base class)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if slot is not None:
            return cast(Callable[[Any, Any], None], slot.__set__)
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")


_new = object.__new__
_counts = setter(Cards, "counts")


def cards(counts: tuple[int, ...]) -> Cards:
    """``Cards.unchecked(counts)`` in one call: a count vector the engine knows to be valid (54
    entries, none negative), not validated again."""
    c: Cards = _new(Cards)
    _counts(c, counts)
    return c
