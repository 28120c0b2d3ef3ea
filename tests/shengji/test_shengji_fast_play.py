"""The fast paths of Shengji play and matches agree with the slow routes they stand for.

* States and matches that ``apply`` builds without the constructor (derived facts handed over)
  are the ones the checking constructor builds from the same fields, derived facts included.
* ``overtakes`` judges a play against one piece without splitting a throw: the same answer as
  classifying the play and asking ``beats``.
* The deal's moves of every seat, listed at once and remembered per hand, are the listing.
* Hands split by suit (lead listing and random leads) in the order the first version sorted.
* ``apply`` and ``step`` take the move ``random_move`` just drew without judging it again: every
  drawn move is one ``explain`` accepts, and it leads where the same move judged leads.
* Random draws stay the same for the same seed: digests of the benchmark's own workloads,
  taken before the fast paths were written.
"""

from __future__ import annotations

import hashlib
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import Suit
from cardrules.errors import IllegalMoveError
from cardrules.multiset import Cards
from cardrules.shengji import Match, Move, Phase, State, Variant
from cardrules.shengji.combos import beats, classify
from cardrules.shengji.follow_listing import sub_multisets
from cardrules.shengji.match.phases import deal_moves
from cardrules.shengji.movegen import draw_lead, random_play, suit_groups
from cardrules.shengji.order import Table
from cardrules.shengji.trick import overtakes
from cardrules.testing.strategies import seeds, variants

SHENGJI = variants("shengji").filter(lambda v: 2 <= getattr(v, "decks", 0) <= 4)
SHORT = variants("shengji", match_rounds=1).filter(lambda v: getattr(v, "decks", 0) <= 4)
TRUMPS = st.sampled_from([*Suit, None])
LEVELS = st.sampled_from(["2", "3", "5", "10", "K", "A"])
SETTINGS = settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])


def _new_state(variant: object, seed: int, trump: Suit | None, level: str) -> State:
    assert isinstance(variant, Variant)
    banker = seed % variant.players
    start = variant.start_level.text
    levels = (level, start) if banker % 2 == 0 else (start, level)
    return State.new(variant, seed=seed, trump=trump, levels=levels, banker=banker)


def _rebuilt_state(state: State) -> State:
    """The state from its fields through the constructor's checks (which rebuild what follows)."""
    return attrs.evolve(state, derived=None)


@SETTINGS
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_applied_states_are_what_the_constructor_builds(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level)
    rng = random.Random(seed)
    n = 0
    while not state.is_over:
        state = state.apply(state.random_move(rng))
        n += 1
        if n % 7 and not state.is_over:
            continue
        rebuilt = _rebuilt_state(state)
        assert rebuilt == state
        assert (rebuilt.ctx, rebuilt.top, rebuilt.last_winner, rebuilt.kitty_bonus) == (
            state.ctx,
            state.top,
            state.last_winner,
            state.kitty_bonus,
        )
        assert (rebuilt.is_over, rebuilt.turn) == (state.is_over, state.turn)


@SETTINGS
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_drawn_moves_are_legal_and_apply_as_judged_moves(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level)
    rng = random.Random(seed)
    while not state.is_over:
        move = state.random_move(rng)
        assert state.explain(move) is None
        judged = attrs.evolve(move)  # an equal move, not the drawn one: explain runs
        assert judged is not move
        after, events = state.step(move)
        assert (after, events) == state.step(judged)
        assert after.top == state.apply(judged).top
        assert after._drawn is None
        if state.trick:
            # a move drawn here vouches for nothing else: another seat's play is still refused
            other = Move((move.seat + 1) % state.players, move.kind, move.cards)
            assert not state.is_legal(other)
            with pytest.raises(IllegalMoveError):
                state.apply(other)
        state = state.apply(move)


def _overtakes_reference(trick: tuple[Move, ...], top: int, cards: Cards, ctx: Table) -> bool:
    combo = classify(cards, ctx)
    if combo is None:
        return False
    current = classify(trick[top].cards, ctx)
    lead = classify(trick[0].cards, ctx)
    assert current is not None and lead is not None
    return beats(current, combo, ctx, lead=lead)


@SETTINGS
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_overtakes_agrees_with_classify_and_beats(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level)
    rng = random.Random(seed)
    while not state.is_over:
        if state.trick:
            top = state._winning
            hand = state.hands[state.turn or 0]
            need = len(state.trick[0].cards)
            plays = [state.random_move(rng).cards]
            if len(hand) >= need:
                # any cards of the lead's size, legal or not: pieces, throws, mixed suits
                for counts in sub_multisets(hand.counts, need):
                    if rng.random() < 0.02:
                        plays.append(Cards.unchecked(counts))
                    if len(plays) > 12:
                        break
            for cards in plays:
                assert overtakes(state.trick, top, cards, state.ctx) == _overtakes_reference(
                    state.trick, top, cards, state.ctx
                )
        state = state.apply(state.random_move(rng))


@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(SHORT, seeds())
def test_deal_moves_and_applied_matches_agree_with_the_slow_routes(
    variant: Variant, seed: int
) -> None:
    match = Match.new(variant, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not match.is_over and n < 3000:
        if match.phase is Phase.DEAL and (match.bid is None or match.bid.named):
            assert deal_moves(match, match.hands) == tuple(match.legal_moves())
        match = match.apply(match.random_move(rng))
        n += 1
        if match.phase is not Phase.OVER and (n % 13 == 0 or match.phase is not Phase.DEAL):
            assert attrs.evolve(match, derived=None) == match


def _suit_groups_reference(hand: Cards, ctx: Table) -> list[list[tuple[int, int]]]:
    """The first version: grouped by suit key, sorted by strength, then card index."""
    groups: dict[int, list[tuple[int, int]]] = {}
    for index, n in enumerate(hand.counts):
        if n:
            groups.setdefault(ctx.suit_keys[index], []).append((index, n))
    out = []
    for key in sorted(groups):
        group = groups[key]
        group.sort(key=lambda item: (ctx.strengths[item[0]], item[0]))
        out.append(group)
    return out


@SETTINGS
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_suit_groups_keep_their_order(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level)
    rng = random.Random(seed)
    for hand in [*state.hands, state.kitty]:
        assert suit_groups(hand, state.ctx) == _suit_groups_reference(hand, state.ctx)
        part = Cards.unchecked(tuple(rng.randint(0, n) for n in hand.counts))
        assert suit_groups(part, state.ctx) == _suit_groups_reference(part, state.ctx)


def _random_lead_reference(hand: Cards, ctx: Table, rng: random.Random) -> Cards:
    """The first version of a random lead: a choice among every suit group listed."""
    return draw_lead(rng.choice(suit_groups(hand, ctx)), rng)


@SETTINGS
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_random_leads_are_those_of_the_first_version(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level)
    rng = random.Random(seed)
    for hand in state.hands:
        for _ in range(20):
            part = Cards.unchecked(tuple(rng.randint(0, n) for n in hand.counts))
            if not part:
                continue
            draw = rng.getrandbits(32)
            ours = random_play(state, state.leader, part, random.Random(draw))
            assert ours.cards == _random_lead_reference(part, state.ctx, random.Random(draw))


def _rounds_digest(seeds: range) -> str:
    """The moves of the random rounds ``benchmarks/bench_shengji_rounds.py`` plays."""
    h = hashlib.sha256()
    for seed in seeds:
        rng = random.Random(seed)
        trump = rng.choice(["S", "H", "C", "D", "none"])
        level = rng.choice(["2", "3", "7", "10", "K", "A"])
        banker = seed % 4
        levels = (level, "2") if banker % 2 == 0 else ("2", level)
        state = State.new("four-deck", seed=seed, levels=levels, trump=trump, banker=banker)
        while not state.is_over:
            move = state.random_move(rng)
            h.update(f"{move}|".encode())
            state = state.apply(move)
    return h.hexdigest()[:16]


def _match_digest(seed: int, moves: int) -> str:
    """The first moves of the random match ``benchmarks/bench_shengji_match.py`` plays."""
    h = hashlib.sha256()
    match = Match.new("four-deck", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        move = match.random_move(rng)
        h.update(f"{move}|".encode())
        match = match.apply(move)
    return h.hexdigest()[:16]


def test_random_draws_are_those_of_the_first_version() -> None:
    # digests taken before any fast path (a change of Python's ``random`` would move them too)
    assert _rounds_digest(range(1, 4)) == "4ddf2a3ec950c3fd"
    assert _match_digest(1, 1000) == "7d5f700146d9103c"
