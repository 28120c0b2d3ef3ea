"""``attrs.evolve`` for the library's own moves: a frozen state copied slot by slot with some
slots changed, without running the constructor.

A state or match that the rules produce from a checked one needs no checks, and its derived
facts are known (they are handed over among the changes), so the constructor — its checks, its
``derived`` hand-over — is skipped: every decision of a simulation builds a new state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

import attrs

from cardrules.slots import setter

__all__ = ["evolver", "maker"]

_T = TypeVar("_T")
_new = object.__new__


def _setters(cls: type[object], names: tuple[str, ...]) -> dict[str, object]:
    """Per slot name, the slot's own setter (:func:`cardrules.slots.setter`), as
    ``_set_<name>``."""
    return {f"_set_{name}": setter(cls, name) for name in names}


def _names(cls: type[object]) -> tuple[str, ...]:
    return tuple(a.name for a in attrs.fields(cls))  # type: ignore[arg-type]


def evolver(cls: type[_T]) -> Callable[[_T, Mapping[str, object]], _T]:
    """A function ``evolve(instance, changes)``: a new ``cls`` holding the instance's slots, with
    ``changes`` (keyed by slot name, the derived facts' included) in place of some. Only for
    changes that keep the state one the constructor would accept with those derived facts.

    Written out slot by slot (as attrs writes its ``__init__``): a loop over the slots costs
    twice as much, on every move."""
    names = _names(cls)
    lines = ["def evolve(instance, changes):", "    new = _new(cls)", "    get = changes.get"]
    lines += [f"    _set_{name}(new, get({name!r}, instance.{name}))" for name in names]
    lines.append("    return new")
    scope: dict[str, object] = {"_new": _new, "cls": cls, **_setters(cls, names)}
    exec("\n".join(lines), scope)  # the source names only the class's attrs fields
    return cast("Callable[[_T, Mapping[str, object]], _T]", scope["evolve"])


def maker(
    cls: type[_T], changed: tuple[str, ...], fixed: Mapping[str, object] | None = None
) -> Callable[..., _T]:
    """A function ``make(instance, *values)``: :func:`evolver` for one kind of step, which
    always changes the slots ``changed`` (given positionally, in that order) and sets the slots
    of ``fixed`` to their constants — no mapping is built or searched on each call (the play
    phase builds a state per decision)."""
    names = _names(cls)
    fixed = dict(fixed or {})
    unknown = (set(changed) | set(fixed)) - set(names)
    if unknown or set(changed) & set(fixed):
        raise ValueError(f"not the slots of {cls.__name__} once each: {sorted(unknown)}")
    lines = [f"def make(instance, {', '.join(changed)}):", "    new = _new(cls)"]
    for name in names:
        if name in changed:
            value = name
        elif name in fixed:
            value = f"_fixed_{name}"
        else:
            value = f"instance.{name}"
        lines.append(f"    _set_{name}(new, {value})")
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": _new, "cls": cls, **_setters(cls, names)}
    scope.update({f"_fixed_{name}": value for name, value in fixed.items()})
    exec("\n".join(lines), scope)  # the source names only the class's attrs fields
    return cast("Callable[..., _T]", scope["make"])
