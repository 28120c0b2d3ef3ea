"""JSON forms shared by both games: one cattrs converter that knows the core value types.

Cards travel as notation text (``"4S 4H AS"``), a card as ``"10S"``, ranks and suits as their
letters, a variant as its fully resolved switch table. Games register their own classes on
:data:`converter` (or use its structure/unstructure hooks) so that states, moves and views
round-trip through ``to_json``/``from_json``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

import cattrs
from cattrs.errors import BaseValidationError

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError
from cardrules.multiset import Cards
from cardrules.variant import VariantBase, variant_from_table

__all__ = ["converter", "dumps", "json_table", "loads", "reading", "structure"]

T = TypeVar("T")

converter = cattrs.Converter()
converter.register_unstructure_hook(Cards, str)
converter.register_structure_hook(Cards, lambda v, _t: Cards.parse(v))
converter.register_unstructure_hook(Card, str)
converter.register_structure_hook(Card, lambda v, _t: Card.parse(v))
converter.register_unstructure_hook(Rank, lambda r: r.text)
converter.register_structure_hook(Rank, lambda v, _t: Rank.parse(v))
converter.register_unstructure_hook(Suit, lambda s: s.letter)
converter.register_structure_hook(Suit, lambda v, _t: Suit.parse(v))


def _unstructure_variant(v: VariantBase) -> dict[str, Any]:
    return v.to_table()


def _structure_variant(value: Any, _t: Any) -> VariantBase:
    return variant_from_table(value, source="JSON variant")


converter.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, VariantBase), _unstructure_variant
)
converter.register_structure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, VariantBase), _structure_variant
)


def dumps(obj: object) -> str:
    return json.dumps(converter.unstructure(obj), ensure_ascii=False, sort_keys=True)


def loads(text: str, cls: type[Any]) -> Any:
    return converter.structure(json.loads(text), cls)


def _innermost(err: BaseException) -> BaseException:
    """The first leaf of a cattrs validation error (which nests exception groups)."""
    while isinstance(err, BaseExceptionGroup) and err.exceptions:
        err = err.exceptions[0]
    return err


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Turn whatever malformed JSON data raises while being read into one clear
    :class:`~cardrules.errors.CardrulesError` naming ``what`` was being read."""
    try:
        yield
    except CardrulesError as err:
        raise CardrulesError(f"not a {what}: {err}") from None
    except BaseValidationError as err:
        inner = _innermost(err)
        raise CardrulesError(f"not a {what}: {type(inner).__name__}: {inner}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise CardrulesError(f"not a {what}: {type(err).__name__}: {err}") from None


def json_table(data: Mapping[str, Any] | str, what: str) -> dict[str, Any]:
    """A JSON object given as text or as an already parsed mapping."""
    with reading(what):
        table = json.loads(data) if isinstance(data, str) else data
        if not isinstance(table, Mapping):
            raise TypeError(f"expected a JSON object, got {type(table).__name__}")
        return dict(table)


def structure(data: Mapping[str, Any] | str, cls: type[T], what: str) -> T:
    """``cls`` from what ``converter.unstructure`` wrote (a mapping, or its JSON text)."""
    table = json_table(data, what)
    with reading(what):
        result: T = converter.structure(table, cls)
        return result
