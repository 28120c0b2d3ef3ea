"""Property tests of the Shengji play phase under any accepted variant with 2–4 decks: random legal
games account for every card and point, every offered move is accepted, views hide other hands, and
states, moves and views round-trip through JSON."""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Suit
from cardrules.deck import full_deck
from cardrules.errors import IllegalMoveError
from cardrules.multiset import Cards
from cardrules.shengji import Move, State, Variant, View
from cardrules.shengji.combos import classify
from cardrules.shengji.scoring import points_of
from cardrules.testing.strategies import seeds, variants

# ``variants("shengji", decks=3)`` cannot repair the kitty when the deck count is pinned, so draw
# any variant and keep the 2–4 deck ones.
SHENGJI = variants("shengji").filter(lambda v: 2 <= getattr(v, "decks", 0) <= 4)
TRUMPS = st.sampled_from([*Suit, None])
LEVELS = st.sampled_from(["2", "3", "5", "10", "K", "A"])


def _new_state(variant: object, seed: int, trump: Suit | None, level: str, banker: int) -> State:
    """A deal whose banker team plays at ``level`` (the other team at the start level)."""
    assert isinstance(variant, Variant)
    banker %= variant.players
    start = variant.start_level.text
    levels = (level, start) if banker % 2 == 0 else (start, level)
    return State.new(variant, seed=seed, trump=trump, levels=levels, banker=banker)


def _json_round_trip(state: State) -> State:
    return State.from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.slow
@settings(max_examples=50)
@given(SHENGJI, seeds(), TRUMPS, LEVELS, st.integers(0, 5))
def test_random_game_accounts_for_every_card_and_point(
    variant: Variant, seed: int, trump: Suit | None, level: str, banker: int
) -> None:
    state = _new_state(variant, seed, trump, level, banker)
    deck = full_deck(variant.decks)
    assert sum(state.hands, Cards()) + state.kitty == deck
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        move = state.random_move(rng)
        assert state.is_legal(move), (state, move)
        state = state.apply(move)
        steps += 1
        assert steps < 10_000
    assert all(not hand for hand in state.hands)
    assert state.taken[0] + state.taken[1] + state.kitty == deck
    table = variant.point_values
    trick_points = points_of(state.taken[0], table) + points_of(state.taken[1], table)
    assert trick_points + points_of(state.kitty, table) == points_of(deck, table)
    bonus = state.kitty_bonus
    assert bonus is not None and bonus.kitty_points == points_of(state.kitty, table)
    assert sum(state.points) == trick_points + bonus.points
    result = state.result()
    assert result.attacker_points == max(0, state.points[state.attacker_team] + state.throw_points)
    moved = variant.throw_penalty_points
    assert abs(state.throw_points) <= moved * state.tricks_played
    assert sum(state.penalties) % max(1, variant.throw_penalty) == 0
    assert not state.legal_moves()


@settings(max_examples=25)
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_every_offered_move_is_accepted(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    """Sample the lazy legal-move view (never exhausting it) at several moments of a game."""
    state = _new_state(variant, seed, trump, level, 0)
    rng = random.Random(seed ^ 0x5EED)
    decision = 0
    while not state.is_over:
        if decision % 17 == 0:
            moves = state.legal_moves()
            if moves.listable():
                first = list(itertools.islice(moves, 400))
                assert first, "a live state always offers a move"
                assert first == list(itertools.islice(moves, 400)), "stable order"
                assert len(set(first)) == len(first), "no move offered twice"
            else:  # a lead too large to list (CORE-API-3): moves drawn from its description
                assert moves
                first = [moves.describe().sample(rng) for _ in range(20)]
            for move in rng.sample(first, min(len(first), 20)):
                assert move in moves
                after = state.apply(move)
                left = state.hands[move.seat] - after.hands[move.seat]
                assert left and left <= move.cards
                if left != move.cards:  # only a failed throw keeps cards back
                    assert not state.trick and after.failed_throw == move.cards
        state = state.apply(state.random_move(rng))
        decision += 1


@settings(max_examples=60)
@given(SHENGJI, seeds(), TRUMPS, st.integers(0, 60), st.data())
def test_legality_is_written_once(
    variant: Variant, seed: int, trump: Suit | None, prefix: int, data: st.DataObject
) -> None:
    """``in legal_moves``, ``is_legal`` and ``apply`` agree on arbitrary (often illegal) moves."""
    state = _new_state(variant, seed, trump, "2", 0)
    rng = random.Random(seed)
    for _ in range(prefix):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    if state.is_over:
        return
    seat = data.draw(st.integers(0, variant.players - 1))
    hand = list(state.hands[seat])
    picks = data.draw(st.lists(st.integers(0, max(0, len(hand) - 1)), min_size=1, max_size=6))
    cards = Cards.of(hand[i] for i in picks if i < len(hand)) if hand else Cards.parse("BJ")
    if not cards:
        return
    move = Move(seat, cards=cards)
    legal = state.is_legal(move)
    assert (move in state.legal_moves()) == legal
    try:
        after = state.apply(move)
    except IllegalMoveError as err:
        assert not legal
        assert err.reason == state.explain(move)
    else:
        assert legal
        assert after != state


@settings(max_examples=40)
@given(SHENGJI, seeds(), TRUMPS, st.integers(0, 80), st.data())
def test_views_do_not_leak_hidden_cards(
    variant: Variant, seed: int, trump: Suit | None, prefix: int, data: st.DataObject
) -> None:
    state = _new_state(variant, seed, trump, "2", 1)
    rng = random.Random(seed)
    for _ in range(prefix):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    # Seat 2's hidden hand replaced by any other hand of the same size; and a different (hidden)
    # attempted throw.
    size = len(state.hands[2])
    pool = list(full_deck(variant.decks))
    other = Cards.of(data.draw(st.permutations(pool))[:size])
    # An arbitrary hidden hand need not agree with the past, so the altered state is built
    # through the trusted path (``derived``): the point is that views never read hidden fields.
    changed = attrs.evolve(
        state,
        hands=(*state.hands[:2], other, *state.hands[3:]),
        # what a failed throw tried is hidden too (that it failed, and the forced piece, are not)
        failed_throw=None if state.failed_throw is None else state.failed_throw + other,
        derived=(state.ctx, _winning_index(state), state.last_winner, state.kitty_bonus),
    )
    for seat in range(variant.players):
        if seat == 2:
            continue
        view = state.view(seat)
        assert view == changed.view(seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == state.hand_sizes
        if seat != state.banker and not state.is_over:
            assert view.kitty is None


@settings(max_examples=30)
@given(SHENGJI, seeds(), TRUMPS, st.integers(0, 300))
def test_json_round_trips(variant: Variant, seed: int, trump: Suit | None, prefix: int) -> None:
    state = _new_state(variant, seed, trump, "3", 0)
    rng = random.Random(seed)
    for _ in range(prefix):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    again = _json_round_trip(state)
    assert again == state
    moves, moved = state.legal_moves(), again.legal_moves()
    assert moved.count() == moves.count()
    if moves.listable():
        assert list(moved) == list(moves)
    for seat in range(variant.players):
        view = state.view(seat)
        assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
    if not state.is_over:
        move = state.random_move(rng)
        assert Move.from_json(json.loads(json.dumps(move.to_json()))) == move
        assert Move.parse(str(move)) == move
        assert again.apply(move) == state.apply(move)


def _winning_index(state: State) -> int:
    top = state.top
    return -1 if top is None else [m.seat for m in state.trick].index(top.seat)


def _expected_winner(state: State, trick: tuple[Move, ...]) -> int | None:
    """SJ-TRICK-2/3 for a single-piece lead, written independently of ``beats``: among the plays
    that keep the lead's structure (one piece of the same size, at least the lead's width, in the
    led suit or in trumps), the first with the greatest (trump, width, top). ``None`` for a throw
    lead (ruffs of throws compare by another rule)."""
    plays = list(trick)
    lead = classify(plays[0].cards, state.ctx)
    assert lead is not None
    if lead.is_throw:
        return None
    best: tuple[bool, int, int] | None = None
    winner = plays[0].seat
    for play in plays:
        combo = classify(play.cards, state.ctx)
        if combo is None or combo.is_throw or combo.size != lead.size:
            continue
        piece = combo.piece
        if not (combo.is_trump or combo.suit_key == lead.suit_key):
            continue
        if piece.width < lead.piece.width:
            continue
        key = (combo.is_trump, piece.width, piece.top)
        if best is None or key > best:
            best, winner = key, play.seat
    return winner


@settings(max_examples=40)
@given(SHENGJI, seeds(), TRUMPS, LEVELS)
def test_trick_winner_is_the_best_play_keeping_the_structure(
    variant: Variant, seed: int, trump: Suit | None, level: str
) -> None:
    state = _new_state(variant, seed, trump, level, 0)
    rng = random.Random(seed ^ 0x7A1C)
    while not state.is_over:
        before = state
        state = state.apply(state.random_move(rng))
        if not state.trick and state.last_trick:
            expected = _expected_winner(before, state.last_trick)
            if expected is not None:
                assert state.last_winner == expected, state.last_trick
