"""``attrs.evolve`` for the library's own moves: a frozen state copied slot by slot with some
slots changed, without running the constructor.

A state or match that the rules produce from a checked one needs no checks, and its derived
facts are known (they are handed over among the changes), so the constructor — its checks, its
``derived`` hand-over — is skipped: every decision of a simulation builds a new state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar, cast

import attrs

__all__ = ["evolver"]

_T = TypeVar("_T")
_new = object.__new__
_set = object.__setattr__


def evolver(cls: type[_T]) -> Callable[[_T, Mapping[str, object]], _T]:
    """A function ``evolve(instance, changes)``: a new ``cls`` holding the instance's slots, with
    ``changes`` (keyed by slot name, the derived facts' included) in place of some. Only for
    changes that keep the state one the constructor would accept with those derived facts.

    Written out slot by slot (as attrs writes its ``__init__``): a loop over the slots costs
    twice as much, on every move."""
    names = tuple(a.name for a in attrs.fields(cls))  # type: ignore[arg-type]
    lines = ["def evolve(instance, changes):", "    new = _new(cls)", "    get = changes.get"]
    lines += [f"    _set(new, {name!r}, get({name!r}, instance.{name}))" for name in names]
    lines.append("    return new")
    scope: dict[str, object] = {"_new": _new, "_set": _set, "cls": cls}
    exec("\n".join(lines), scope)  # the source names only the class's attrs fields
    return cast("Callable[[_T, Mapping[str, object]], _T]", scope["evolve"])
