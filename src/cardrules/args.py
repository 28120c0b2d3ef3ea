"""The checks every public call makes of its arguments, in one place, CORE-ERROR-1 (Every error
has a code).

A game server hands the library whatever its clients send, so a public call refuses an argument
of the wrong type or out of range with an :class:`~cardrules.errors.ArgumentError` (code
``bad-argument``) naming the argument — before it does anything, so nothing has changed — and
never lets a ``TypeError`` or an ``AttributeError`` out of its inside. What "a seat" means is
decided here once: an ``int`` (a subclass of it other than ``bool`` is read as its value) from 0
to the table's last seat; ``True`` and ``1.0`` are not seats, nor is ``"1"``.

Each check returns the value it accepts. The hot paths (``legal_moves(seat)`` is called for every
decision of a bot) test ``type(seat) is int and 0 <= seat < players`` themselves and call
:func:`seat` only when that fails, so a valid argument costs one type test and one compare:

>>> seat(2, 4)
2
>>> seat(True, 4)
Traceback (most recent call last):
...
cardrules.errors.ArgumentError: argument seat: a seat is an integer 0..3, got True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping
from itertools import islice
from typing import TypeVar

from cardrules.errors import ArgumentError, CardrulesError
from cardrules.limits import quote

__all__ = [
    "MAX_SEED",
    "Refusal",
    "flag",
    "instance",
    "integer",
    "one_of",
    "optional_seat",
    "rng",
    "seat",
    "seed",
    "sequence",
    "shown",
    "text",
]

_T = TypeVar("_T")
#: How a check refuses: an error class taking the message and ``key`` (an
#: :class:`~cardrules.errors.ArgumentError`, or a :class:`~cardrules.errors.PositionError` for
#: the facts a constructor is given).
Refusal = Callable[..., CardrulesError]

#: The largest seed: seeds are unsigned 64-bit integers (a game record stores one).
MAX_SEED = 2**64 - 1
#: Integers longer than this many bits are described, not written out, in a message.
_LONGEST_SHOWN = 128


def shown(value: object) -> str:
    """``value`` as a message repeats it: :func:`~cardrules.limits.quote`'s bounded form, and
    never an error of its own (an integer of thousands of digits, which Python refuses to write
    out, is described by its length; so is an object whose ``repr`` fails)."""
    if type(value) is int and value.bit_length() > _LONGEST_SHOWN:
        digits = int(value.bit_length() * 0.30103) + 1  # log10(2) digits a bit
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of about {digits} digits"
    try:
        return quote(value)
    except Exception:  # a huge integer inside a container, a repr that raises
        return f"a {type(value).__name__}"


def integer(
    value: object,
    low: int,
    high: int,
    key: str,
    *,
    what: str = "an integer",
    error: Refusal = ArgumentError,
) -> int:
    """``value`` if it is an integer from ``low`` to ``high`` (not a ``bool``, not a ``float``);
    else ``error(message, key=key)`` is raised (an :class:`ArgumentError` unless another is
    given: a constructor refuses the facts of a position it is given as a
    :class:`~cardrules.errors.PositionError`)."""
    if type(value) is int and low <= value <= high:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return int(value)
    raise error(f"{what} is an integer {low}..{high}, got {shown(value)}", key=key)


def seat(value: object, players: int, key: str = "seat", *, error: Refusal = ArgumentError) -> int:
    """``value`` if it is a seat of a table of ``players`` seats (0 … ``players - 1``)."""
    if type(value) is int and 0 <= value < players:
        return value
    return integer(value, 0, players - 1, key, what="a seat", error=error)


def optional_seat(value: object, players: int, key: str = "seat") -> int | None:
    """``None``, or a seat as :func:`seat` reads it."""
    return None if value is None else seat(value, players, key)


def seed(value: object, key: str = "seed", *, error: Refusal = ArgumentError) -> int:
    """``value`` if it is a seed: an integer 0 … 2^64-1 (what a game record can store)."""
    if type(value) is int and 0 <= value <= MAX_SEED:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED:
        return int(value)
    raise error(f"a seed is an integer 0..2^64-1, got {shown(value)}", key=key)


def flag(value: object, key: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (not ``0``, ``1`` or a string)."""
    if value is True or value is False:
        return value
    raise ArgumentError(f"true or false, got {shown(value)}", key=key)


def text(value: object, limit: int, key: str, *, what: str = "a text") -> str:
    """``value`` if it is a string of at most ``limit`` characters."""
    if isinstance(value, str) and len(value) <= limit:
        return value
    if isinstance(value, str):
        raise ArgumentError(f"{what} of at most {limit} characters, got {len(value)}", key=key)
    raise ArgumentError(f"{what} is a string, got {shown(value)}", key=key)


def one_of(value: object, options: Collection[str], key: str) -> str:
    """``value`` if it is one of the strings ``options``."""
    if isinstance(value, str) and value in options:
        return value
    raise ArgumentError(f"one of {', '.join(sorted(options))}, got {shown(value)}", key=key)


def rng(value: object, key: str = "rng") -> random.Random:
    """``value`` if it is a :class:`random.Random` (a :class:`~cardrules.rng.SeededRandom`
    is one)."""
    if isinstance(value, random.Random):
        return value
    raise ArgumentError(f"a random.Random is needed, got {shown(value)}", key=key)


def instance(value: object, cls: type[_T], key: str, *, what: str = "") -> _T:
    """``value`` if it is an instance of ``cls``; ``what`` names it in the message."""
    if isinstance(value, cls):
        return value
    raise ArgumentError(f"{what or 'a ' + cls.__name__} is needed, got {shown(value)}", key=key)


def listed(value: object, limit: int, key: str, *, what: str = "a list") -> list[object]:
    """The items of ``value``, any iterable but text, bytes and a mapping, listed up to
    ``limit`` (an endless iterator is refused after it): an iterable of the caller's that fails
    while it is listed is refused too, what it raised kept as the cause."""
    if isinstance(value, str | bytes | bytearray | Mapping) or not isinstance(value, Iterable):
        raise ArgumentError(f"{what}, got {shown(value)}", key=key)
    try:
        items = list(islice(value, limit + 1))
    except CardrulesError:
        raise
    except Exception as err:  # the caller's own iterable failed: say so as any refusal does
        raise ArgumentError(
            f"{what} that could not be listed: {type(err).__name__}", key=key
        ) from err
    if len(items) > limit:
        raise ArgumentError(f"{what} of at most {limit} items", key=key)
    return items


def sequence(
    value: object, item: type[_T], limit: int, key: str, *, what: str = "a list"
) -> tuple[_T, ...]:
    """``value`` as a tuple if it is a list or a tuple of at most ``limit`` items, each an
    instance of ``item`` (a string is not a list)."""
    if not isinstance(value, list | tuple):
        raise ArgumentError(f"{what} is a list, got {shown(value)}", key=key)
    if len(value) > limit:
        raise ArgumentError(f"{what} of at most {limit} items, got {len(value)}", key=key)
    for n, each in enumerate(value):
        if not isinstance(each, item):
            raise ArgumentError(f"item {n} is not a {item.__name__}: {shown(each)}", key=key)
    return tuple(value)
