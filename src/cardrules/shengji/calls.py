"""The functions of :mod:`cardrules.shengji`'s API, each checking its arguments first.

``cardrules.shengji.classify``, ``beats``, ``trump_context``, the follow helpers
(``count_follows``, ``iter_follows``, ``explain_follow``, ``random_follow``,
``cheapest_follow``, ``matches_structure``), ``resolve_throw`` and ``settle`` are these: each
refuses an argument of the wrong type or out of range with an
:class:`~cardrules.errors.ArgumentError` (code ``bad-argument``) naming it — cards that are no
:class:`~cardrules.multiset.Cards` or hold more copies than the round's decks, a context that is
no :class:`~cardrules.shengji.order.Table`, a seat not at the table, a level that is a
joker — and then calls the function it is named after, in :mod:`~cardrules.shengji.combos`,
:mod:`~cardrules.shengji.follow`, :mod:`~cardrules.shengji.throws`,
:mod:`~cardrules.shengji.order` or :mod:`~cardrules.shengji.levels`. The engines call those
directly with the arguments they made themselves, so no check costs anything on a hot path.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from numbers import Real

from cardrules import args
from cardrules.cards import Card, Rank, Suit, all_cards
from cardrules.errors import ArgumentError, CardrulesError, Illegal
from cardrules.multiset import Cards
from cardrules.shengji import combos, follow, follow_listing, order, throws
from cardrules.shengji.bounds import record_bounds
from cardrules.shengji.combos import Combination
from cardrules.shengji.levels import Settlement
from cardrules.shengji.levels import settle as _settle
from cardrules.shengji.order import Table
from cardrules.shengji.throws import ThrowOutcome
from cardrules.shengji.variant import Variant

__all__ = [
    "beats",
    "cheapest_follow",
    "classify",
    "count_follows",
    "explain_follow",
    "iter_follows",
    "matches_structure",
    "random_follow",
    "resolve_throw",
    "settle",
    "trump_context",
]


def _ctx(ctx: object) -> Table:
    return args.instance(ctx, Table, "ctx", what="a Table")


def _cards(cards: object, ctx: Table, key: str) -> Cards:
    held = args.instance(cards, Cards, key, what="a Cards")
    if held.max_copies() > ctx.decks:
        raise ArgumentError(
            f"{held} holds more copies of a card than the round's {ctx.decks} decks", key=key
        )
    return held


def _combination(value: object, key: str) -> Combination:
    return args.instance(value, Combination, key, what="a Shengji Combination")


def _level(value: object, key: str) -> Rank:
    if not isinstance(value, Rank) or value.is_joker:
        raise ArgumentError(f"a level is a Rank 2 … A, got {args.shown(value)}", key=key)
    return value


def classify(cards: Cards, ctx: Table) -> Combination | None:
    """Read cards as one combination: a tuple or tractor, else a throw of canonical pieces;
    ``None`` when they are empty or mix suit keys, SJ-UNIT-3 (One combination at a time, of one
    suit) — :func:`cardrules.shengji.combos.classify`, its arguments checked."""
    context = _ctx(ctx)
    return combos.classify(_cards(cards, context, "cards"), context)


def beats(
    top: Combination, play: Combination, ctx: Table, *, lead: Combination | None = None
) -> bool:
    """Whether ``play`` beats ``top``, the combination on top of the trick, SJ-ORDER-1 (What can
    be compared) … SJ-ORDER-4 (Throws are beaten only by ruffs that keep their structure) —
    :func:`cardrules.shengji.combos.beats`, its arguments checked."""
    context = _ctx(ctx)
    first = None if lead is None else _combination(lead, "lead")
    return combos.beats(_combination(top, "top"), _combination(play, "play"), context, lead=first)


def matches_structure(lead: Combination, play: Combination | Cards, ctx: Table) -> bool:
    """Whether ``play`` keeps the lead's structure, as a ruff must to win, SJ-ORDER-4 (Throws
    are beaten only by ruffs that keep their structure) —
    :func:`cardrules.shengji.combos.matches_structure`, its arguments checked."""
    context = _ctx(ctx)
    shown = play if isinstance(play, Combination) else _cards(play, context, "play")
    return combos.matches_structure(_combination(lead, "lead"), shown, context)


def trump_context(variant: Variant, level: Rank, trump: Suit | None) -> Table:
    """The card order of a round at ``level`` with ``trump`` (``None``: no trump suit) —
    :func:`cardrules.shengji.order.trump_context`, its arguments checked."""
    args.instance(variant, Variant, "variant", what="a Shengji Variant")
    if trump is not None and not isinstance(trump, Suit):
        raise ArgumentError(f"a Suit or None, got {args.shown(trump)}", key="trump")
    return order.trump_context(variant, _level(level, "level"), trump)


def count_follows(lead: Combination, hand: Cards, ctx: Table) -> int:
    """How many legal follows of ``lead`` ``hand`` has, SJ-FOLLOW-1 (As many cards as the lead) —
    :func:`cardrules.shengji.follow_listing.count_follows`, its arguments checked."""
    context = _ctx(ctx)
    return follow_listing.count_follows(
        _combination(lead, "lead"), _cards(hand, context, "hand"), context
    )


def iter_follows(lead: Combination, hand: Cards, ctx: Table) -> Iterator[Cards]:
    """Every legal follow of ``lead`` from ``hand`` —
    :func:`cardrules.shengji.follow_listing.iter_follows`, its arguments checked at once (before
    the first follow is asked for)."""
    context = _ctx(ctx)
    return follow_listing.iter_follows(
        _combination(lead, "lead"), _cards(hand, context, "hand"), context
    )


def explain_follow(lead: Combination, hand: Cards, play: Cards, ctx: Table) -> Illegal | None:
    """Why ``play`` from ``hand`` is no legal follow of ``lead`` (an
    :class:`~cardrules.errors.Illegal`), or ``None`` —
    :func:`cardrules.shengji.follow.explain_follow`, its arguments checked."""
    context = _ctx(ctx)
    return follow.explain_follow(
        _combination(lead, "lead"),
        _cards(hand, context, "hand"),
        _cards(play, context, "play"),
        context,
    )


def random_follow(lead: Combination, hand: Cards, ctx: Table, rng: random.Random) -> Cards:
    """A legal follow of ``lead`` from ``hand`` drawn with ``rng``, without listing them —
    :func:`cardrules.shengji.follow_listing.random_follow`, its arguments checked."""
    context = _ctx(ctx)
    return follow_listing.random_follow(
        _combination(lead, "lead"), _cards(hand, context, "hand"), context, args.rng(rng)
    )


def cheapest_follow(
    lead: Combination,
    hand: Cards,
    ctx: Table,
    cost: Callable[[Card], float] | None = None,
) -> Cards | None:
    """The legal follow of ``lead`` from ``hand`` that costs least by ``cost`` —
    :func:`cardrules.shengji.follow_listing.cheapest_follow`, its arguments checked."""
    context = _ctx(ctx)
    led, held = _combination(lead, "lead"), _cards(hand, context, "hand")
    if cost is not None and not callable(cost):
        raise ArgumentError(f"a function of a card, or None, got {args.shown(cost)}", key="cost")
    checked = None if cost is None else _checked_cost(cost)
    return follow_listing.cheapest_follow(led, held, context, checked)


def _prices(cost: Callable[[Card], float]) -> tuple[float, ...]:
    """``cost`` of every card, asked once each: a finite real number, or a ``bad-argument``
    naming ``cost`` (what the function raised, chained as the cause, or what it returned)."""
    out: list[float] = []
    for card in all_cards():
        try:
            value = cost(card)
        except CardrulesError:
            raise
        except Exception as err:
            raise ArgumentError(
                f"the cost function raised {type(err).__name__} on {card}", key="cost"
            ) from err
        if not isinstance(value, Real) or isinstance(value, bool) or not math.isfinite(value):
            raise ArgumentError(
                f"the cost of a card is a finite number, got {args.shown(value)} for {card}",
                key="cost",
            )
        out.append(float(value))
    return tuple(out)


def _checked_cost(cost: Callable[[Card], float]) -> Callable[[Card], float]:
    """``cost`` asked once per card and checked (:func:`_prices`), then read back by index."""
    prices = _prices(cost)
    return lambda card: prices[card.index]


def resolve_throw(
    throw: Combination, thrower: int, hands: Sequence[Cards], ctx: Table
) -> ThrowOutcome:
    """Whether ``thrower``'s throw stands against the other ``hands``, SJ-THROW-2 (When a throw
    stands) — :func:`cardrules.shengji.throws.resolve_throw`, its arguments
    checked."""
    context = _ctx(ctx)
    players = context.variant.players
    seat = args.seat(thrower, players, "thrower")
    held = args.sequence(hands, Cards, players, "hands", what="one hand per seat")
    if len(held) != players:
        raise ArgumentError(f"one hand per seat ({players}), got {len(held)}", key="hands")
    for hand in held:
        _cards(hand, context, "hands")
    return throws.resolve_throw(_combination(throw, "throw"), seat, held, context)


def settle(
    variant: Variant,
    *,
    round_number: int,
    levels: tuple[Rank, Rank],
    banker: int,
    attacker_points: int,
    scores: tuple[int, ...],
    penalties: tuple[int, ...],
) -> Settlement:
    """The settlement of a round: who holds, how far levels rise, the next banker, the match
    score, SJ-LEVEL-1 (The level table) — :func:`cardrules.shengji.levels.settle`, its arguments
    checked."""
    args.instance(variant, Variant, "variant", what="a Shengji Variant")
    players = variant.players
    table = record_bounds(variant)  # what a round at this table can reach, as its records
    number = args.integer(round_number, *table.range_of("round"), "round_number")
    if not isinstance(levels, tuple | list) or len(levels) != 2:
        raise ArgumentError(f"one level per team, got {args.shown(levels)}", key="levels")
    both = (_level(levels[0], "levels"), _level(levels[1], "levels"))
    return _settle(
        variant,
        round_number=number,
        levels=both,
        banker=args.seat(banker, players, "banker"),
        attacker_points=args.integer(
            attacker_points, *table.range_of("attacker"), "attacker_points"
        ),
        scores=_within(scores, players, "scores", table.range_of("scores")),
        penalties=_within(penalties, players, "penalties", table.range_of("penalties")),
    )


def _within(value: object, players: int, key: str, limits: tuple[int, int]) -> tuple[int, ...]:
    """One integer per seat, each within ``limits``."""
    if not isinstance(value, tuple | list) or len(value) != players:
        raise ArgumentError(f"one integer per seat ({players}), got {args.shown(value)}", key=key)
    return tuple(args.integer(v, *limits, key) for v in value)
