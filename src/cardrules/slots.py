"""Filling a frozen slotted class's fields directly, for the engines' hot paths.

``object.__setattr__(obj, name, value)`` looks the slot up by name on every call; a slot's own
descriptor (``__set__``) skips that lookup (about a third fewer instructions per store), and is
what the hot paths use to build objects the library already knows to be valid (a state made by
``apply``, a move the generator lists, a count vector of internal arithmetic).
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any

__all__ = ["setter"]


def setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of slot ``name`` of ``cls`` (declared on ``cls`` or a base class)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if slot is not None:
            if not isinstance(slot, MemberDescriptorType):
                raise TypeError(f"{cls.__name__}.{name} is not a slot")
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")
