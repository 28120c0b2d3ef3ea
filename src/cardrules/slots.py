"""Filling a frozen slotted class's fields directly, for the engines' hot paths.

``object.__setattr__(obj, name, value)`` looks the slot up by name on every call; a slot's own
descriptor (``__set__``) skips that lookup (about a third fewer instructions per store), and is
what the hot paths use to build objects the library already knows to be valid (a state made by
``apply``, a move the generator lists, a count vector of internal arithmetic).

For whole objects there are three generated functions, each written out slot by slot, as attrs
writes its ``__init__`` (a loop over the slots costs twice as much, on every move), and each
skipping the constructor — its checks and its derived facts — so only for objects the rules made
from checked ones:

- :func:`builder` — a new object from every field's value (``Move(...)`` without the checks);
- :func:`maker` — a copy of an object with some fields changed, the same ones each time (one
  kind of step of a game);
- :func:`evolver` — a copy with the fields of a mapping changed (``attrs.evolve`` without the
  constructor).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MemberDescriptorType
from typing import Any, TypeVar, cast

import attrs

__all__ = ["builder", "evolver", "maker", "setter"]

_T = TypeVar("_T")
_new = object.__new__


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


def _generated(
    cls: type,
    head: str,
    value_of: Callable[[str], str],
    fixed: Mapping[str, object],
) -> Callable[..., Any]:
    """``def {head}:`` storing every attrs field of ``cls`` (``value_of(name)`` is the source of
    its value; ``_fixed_<name>`` names the constant ``fixed[name]``) in a new object."""
    names = tuple(a.name for a in attrs.fields(cls))
    lines = [f"def {head}:", "    new = _new(cls)"]
    lines += [f"    _set_{name}(new, {value_of(name)})" for name in names]
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": _new, "cls": cls}
    scope.update({f"_set_{name}": setter(cls, name) for name in names})
    scope.update({f"_fixed_{name}": value for name, value in fixed.items()})
    exec("\n".join(lines), scope)  # the source names only the class's attrs fields
    return cast("Callable[..., Any]", scope[head.partition("(")[0]])


def _checked(cls: type, named: tuple[str, ...], fixed: Mapping[str, object], every: bool) -> None:
    names = {a.name for a in attrs.fields(cls)}
    unknown = (set(named) | set(fixed)) - names
    twice = set(named) & set(fixed) or len(set(named)) != len(named)
    missing = names - set(named) - set(fixed) if every else set()
    if unknown or twice or missing:
        raise ValueError(
            f"not the fields of {cls.__name__} once each: unknown {sorted(unknown)}, "
            f"missing {sorted(missing)}"
        )


def builder(
    cls: type[_T], given: tuple[str, ...], fixed: Mapping[str, object] | None = None
) -> Callable[..., _T]:
    """A function ``build(*values)``: a new ``cls`` whose fields ``given`` hold the values (in
    that order) and whose other fields hold the constants ``fixed`` (every field one or the
    other). Annotate the result with its precise ``Callable`` type."""
    fixed = dict(fixed or {})
    _checked(cls, given, fixed, every=True)
    return _generated(
        cls,
        f"build({', '.join(given)})",
        lambda name: name if name in given else f"_fixed_{name}",
        fixed,
    )


def maker(
    cls: type[_T], changed: tuple[str, ...], fixed: Mapping[str, object] | None = None
) -> Callable[..., _T]:
    """A function ``make(instance, *values)``: a copy of ``instance`` whose fields ``changed``
    hold the values (in that order) and whose fields ``fixed`` hold those constants — for one
    kind of step, which always changes the same fields (no mapping is built or searched on each
    call)."""
    fixed = dict(fixed or {})
    _checked(cls, changed, fixed, every=False)

    def value_of(name: str) -> str:
        if name in changed:
            return name
        return f"_fixed_{name}" if name in fixed else f"instance.{name}"

    return _generated(cls, f"make(instance, {', '.join(changed)})", value_of, fixed)


def evolver(
    cls: type[_T], fixed: Mapping[str, object] | None = None
) -> Callable[[_T, Mapping[str, object]], _T]:
    """A function ``evolve(instance, changes)``: a copy of ``instance`` with ``changes`` (keyed
    by field name, derived facts included) in place of some fields, and the fields ``fixed``
    holding those constants. Only for changes that keep the object one the constructor would
    accept with those derived facts."""
    fixed = dict(fixed or {})
    _checked(cls, (), fixed, every=False)

    def value_of(name: str) -> str:
        if name in fixed:
            return f"_fixed_{name}"
        # a slot not in ``changes`` is read only then: it may be unset (a derived fact while
        # the constructor checks)
        return f"changes[{name!r}] if {name!r} in changes else instance.{name}"

    made = _generated(cls, "evolve(instance, changes)", value_of, fixed)
    return cast("Callable[[_T, Mapping[str, object]], _T]", made)
