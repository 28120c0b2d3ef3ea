"""Hypothesis strategies shared by both games' property tests.

``variants(game)`` draws *any* combination of switches the validator accepts, not only the presets,
so invariants are checked under house rules nobody wrote down yet; ``invalid_variant_tables(game)``
draws tables that must be refused, with the key the refusal must name.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from cardrules.cards import CARD_COUNT, Card, all_cards
from cardrules.errors import VariantError
from cardrules.multiset import Cards
from cardrules.variant import (
    Switch,
    VariantBase,
    list_presets,
    load_variant,
    switches_of,
    variant_class,
)

__all__ = [
    "CardPool",
    "Draw",
    "card_multisets",
    "cards",
    "invalid_variant_tables",
    "seeds",
    "switch_values",
    "variants",
]


_T = TypeVar("_T")

#: Card texts by rank, as the notation writes them: the faces from 2 to A, then the jokers.
RANK_TEXTS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "SJ", "BJ")
SUIT_TEXTS = ("S", "H", "C", "D")


class Draw(Protocol):
    """A composite strategy's ``draw`` or ``st.data()``'s ``draw``: either feeds a
    :class:`CardPool`."""

    def __call__(self, strategy: st.SearchStrategy[_T], /) -> _T: ...


class CardPool:
    """Card texts (``"10H"``, ``"SJ"``) drawn for a test that builds hands or plays card by card,
    never more copies of a card than ``decks`` decks hold."""

    def __init__(self, decks: int) -> None:
        self.decks = decks
        self.used: Counter[str] = Counter()

    def free(self, rank: str) -> list[str]:
        """The cards of ``rank`` still free, one text per free copy."""
        texts = [rank] if rank in ("SJ", "BJ") else [rank + s for s in SUIT_TEXTS]
        return [t for t in texts for _ in range(self.decks - self.used[t])]

    def take(self, draw: Draw, rank: str, n: int, suit: str | None = None) -> list[str]:
        """Up to ``n`` free cards of ``rank``, of ``suit`` where it is free, else drawn."""
        out: list[str] = []
        for _ in range(n):
            free = self.free(rank)
            if not free:
                break
            wanted = rank + suit if suit else None
            card = wanted if wanted in free else draw(st.sampled_from(free))
            assert card is not None
            self.used[card] += 1
            out.append(card)
        return out

    def any_card(self, draw: Draw) -> list[str]:
        """One free card of a drawn rank among those not used up (none when all are)."""
        ranks = [r for r in RANK_TEXTS if self.free(r)]
        return self.take(draw, draw(st.sampled_from(ranks)), 1) if ranks else []


def cards() -> st.SearchStrategy[Card]:
    """Any of the 54 distinct cards."""
    return st.sampled_from(all_cards())


def card_multisets(decks: int = 1, *, max_size: int | None = None) -> st.SearchStrategy[Cards]:
    """A multiset holding each card at most ``decks`` times (at most ``max_size`` cards)."""

    @st.composite
    def build(draw: st.DrawFn) -> Cards:
        counts = draw(st.lists(st.integers(0, decks), min_size=CARD_COUNT, max_size=CARD_COUNT))
        if max_size is not None:
            budget = max_size
            trimmed = []
            for n in counts:
                take = min(n, budget)
                trimmed.append(take)
                budget -= take
            counts = trimmed
        return Cards.from_counts(counts)

    return build()


def seeds() -> st.SearchStrategy[int]:
    """Deal seeds (any 64-bit unsigned integer)."""
    return st.integers(0, 2**64 - 1)


def switch_values(sw: Switch, default: object) -> st.SearchStrategy[Any]:
    """Every value a switch accepts."""
    if sw.kind in ("enum", "rank"):
        return st.sampled_from(sw.choices)
    if sw.kind == "bool":
        return st.booleans()
    if sw.kind == "int":
        if sw.choices:
            return st.sampled_from(sw.choices)
        lo = sw.minimum if sw.minimum is not None else 0
        hi = sw.maximum if sw.maximum is not None else lo + 20
        return st.integers(lo, hi)
    if sw.kind == "str":
        return st.sampled_from(sw.choices) if sw.choices else st.just(default)
    if sw.kind == "list":
        if not sw.choices:
            return st.just(default)
        return st.lists(st.sampled_from(sw.choices), unique=True).map(tuple)
    assert isinstance(default, tuple)
    keys = sw.keys or tuple(k for k, _ in default)
    if not keys:
        return st.just(default)
    values: st.SearchStrategy[object]
    if sw.kind == "pairs":
        values = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
    else:
        lo = 0 if sw.minimum is None else sw.minimum
        values = st.integers(lo, 50 if sw.maximum is None else sw.maximum)
    return st.dictionaries(st.sampled_from(keys), values).map(lambda d: tuple(sorted(d.items())))


def variants(game: str, **fixed: object) -> st.SearchStrategy[VariantBase]:
    """Any variant of ``game`` the validator accepts; ``fixed`` pins some switches
    (e.g. ``variants("siyaosi", decks=1)``). Drawn starting from a random preset."""
    cls = variant_class(game)
    presets = [name for _g, name in list_presets(game)]

    @st.composite
    def build(draw: st.DrawFn) -> VariantBase:
        base = load_variant(draw(st.sampled_from(presets)), game=game)
        changes: dict[str, object] = {}
        for field in switches_of(cls):
            if field.name in fixed:
                changes[field.name] = fixed[field.name]
            elif draw(st.booleans()):
                sw: Switch = field.metadata["switch"]
                changes[field.name] = draw(switch_values(sw, field.default))
        fields = {f.name: f for f in switches_of(cls)}
        plain = {k: fields[k].metadata["switch"].plain(v) for k, v in changes.items()}
        repairs: dict[str, int] = {}
        # Repair until the validator accepts. A refused key that is not pinned (nor repaired three
        # times already) gets the first value of its domain, scanned from a drawn start, that the
        # validator no longer refuses it for (so a pinned deck count still finds a kitty that
        # divides), and the next refused key is repaired in turn; after that the changes are dropped
        # one by one: first the key refused or one its message names, else a drawn one.
        while True:
            try:
                return base.replace(**plain)
            except VariantError as err:
                key = err.key
                if key in fields and key not in fixed and repairs.get(key, 0) < 3:
                    repairs[key] = repairs.get(key, 0) + 1
                    sw_key: Switch = fields[key].metadata["switch"]
                    domain = [sw_key.plain(v) for v in _domain(sw_key)]
                    start = draw(st.integers(0, max(0, len(domain) - 1)))
                    fixed_now = False
                    for value in domain[start:] + domain[:start]:
                        try:
                            return base.replace(**(plain | {key: value}))
                        except VariantError as again:
                            if again.key != key:  # this key is right now; repair the next one
                                plain[key] = value
                                fixed_now = True
                                break
                    if fixed_now:
                        continue
                free = sorted(k for k in plain if k not in fixed)
                if not free:
                    raise
                named = [k for k in free if k == key or f"'{k}'" in str(err)]
                plain.pop(named[0] if named else draw(st.sampled_from(free)))

    return build()


def _domain(sw: Switch) -> list[object]:
    """Every value of a small finite switch domain (empty when the domain is large or open)."""
    if sw.kind == "bool":
        return [False, True]
    if sw.kind in ("str", "int", "enum", "rank") and sw.choices:
        return list(sw.choices)
    if sw.kind == "int" and sw.minimum is not None and sw.maximum is not None:
        return list(range(sw.minimum, sw.maximum + 1))
    return []


def invalid_variant_tables(game: str) -> st.SearchStrategy[tuple[dict[str, object], str]]:
    """``(table, key)``: a variant table that must be refused with a message naming ``key``."""
    cls = variant_class(game)
    fields = switches_of(cls)
    names = [f.name for f in fields]

    @st.composite
    def build(draw: st.DrawFn) -> tuple[dict[str, object], str]:
        preset = draw(st.sampled_from([name for _g, name in list_presets(game)]))
        table = load_variant(preset, game=game).to_table()
        how = draw(st.sampled_from(["unknown-key", "wrong-type", "out-of-range"]))
        if how == "unknown-key":
            key = draw(st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12))
            if key in names or key in ("game", "name", "description", "extends"):
                key = key + "_x"
            table[key] = True
            return table, key
        field = draw(st.sampled_from(fields))
        sw: Switch = field.metadata["switch"]
        if how == "wrong-type" or sw.kind in ("bool", "table", "pairs", "list", "enum", "rank"):
            table[field.name] = [1.5] if sw.kind != "list" else 7
            return table, field.name
        if sw.kind == "int":
            table[field.name] = (sw.maximum if sw.maximum is not None else 10**6) + 1
            if sw.choices:
                table[field.name] = max(int(c) for c in sw.choices if isinstance(c, int)) + 1
            return table, field.name
        table[field.name] = "no-such-" + field.name
        return table, field.name

    return build()
