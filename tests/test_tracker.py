"""The card tracker (记牌器), CORE-VIEW-2: every fact it states of another seat holds of the real
hands at every moment of random matches of both games, it survives the view's JSON, a forged one
is refused, and the unseen cards deal into hands consistent with it."""

from __future__ import annotations

import random
from typing import Protocol

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import shengji, siyaosi
from cardrules.cards import Card
from cardrules.errors import CardrulesError, PositionError
from cardrules.multiset import Cards
from cardrules.shengji.view import GROUPS
from cardrules.tracker import Tracker, deal_unseen

EMPTY = Cards()


class _Match(Protocol):
    """What the truth check reads of a match of either game."""

    @property
    def players(self) -> int: ...

    @property
    def hands(self) -> tuple[Cards, ...]: ...


def _check_truth(match: _Match, tracker: Tracker, suit_key: list[int] | None) -> None:
    """Everything ``tracker`` says of the other seats is true of ``match``'s hands."""
    seat = tracker.seat
    assert tracker.hand == match.hands[seat]
    assert tracker.hand_sizes == tuple(len(h) for h in match.hands)
    hidden = EMPTY
    for other in range(match.players):
        if other == seat:
            assert not tracker.shown[other]
            continue
        assert tracker.shown[other] <= match.hands[other]  # what it is known to hold, it holds
        hidden = hidden + (match.hands[other] - tracker.shown[other])
        for group in tracker.voids[other]:  # a void revealed is a void
            key = GROUPS.index(group)
            assert suit_key is not None
            assert not any(suit_key[c.index] == key for c in match.hands[other]), (other, group)
    assert hidden <= tracker.unseen  # no card still hidden in a hand counts as seen


def _walk(match: siyaosi.Match | shengji.Match, seed: int, moves: int, every: int) -> int:
    """Random play, checking every seat's tracker (and its JSON) every ``every`` moves."""
    rng = random.Random(seed)
    checked = 0
    for n in range(moves):
        if match.is_over:
            break
        match = match.apply(match.random_move(rng))  # type: ignore[arg-type]
        if n % every:
            continue
        suit_key = None
        if isinstance(match, shengji.Match) and match.play is not None:
            suit_key = list(match.play.ctx.suit_keys)
        for seat in range(match.players):
            view = match.view(seat)
            _check_truth(match, view.tracker, suit_key)
            again = type(view).from_json(view.to_json())
            assert again == view and again.tracker == view.tracker
            checked += 1
    return checked


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["classic", "one-deck"]))
def test_a_siyaosi_tracker_states_only_what_is_true(seed: int, variant: str) -> None:
    assert _walk(siyaosi.Match.new(variant, seed=seed), seed, 900, 17)


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_shengji_tracker_states_only_what_is_true(seed: int) -> None:
    assert _walk(shengji.Match.new("four-deck", seed=seed), seed, 900, 23)


def test_a_whole_shengji_round_leaves_nothing_unseen() -> None:
    state = shengji.State.new("four-deck", seed=3)
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(state.random_move(rng))
    tracker = state.view(2).tracker
    assert not tracker.unseen  # every card was played, and the kitty is shown to all at the end
    assert tracker.set_aside == state.kitty
    assert sum(len(p) for p in tracker.played) + len(state.kitty) == state.variant.total_cards


def test_a_state_keeps_what_was_laid_through_its_json() -> None:
    state = siyaosi.State.new("classic", seed=8)
    rng = random.Random(8)
    for _ in range(60):
        state = state.apply(state.random_move(rng))
    assert any(state.played)
    assert siyaosi.State.from_json(state.to_json()) == state
    written = state.view(1).to_json()
    assert written["played"] == [str(c) for c in state.played]


def test_a_forged_tracker_or_history_is_refused() -> None:
    state = shengji.State.new("four-deck", seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state = state.apply(state.random_move(rng))
    written = state.view(0).to_json()
    forged = dict(written)
    tracker = dict(forged["tracker"])  # type: ignore[arg-type]
    tracker["unseen"] = ""
    forged["tracker"] = tracker
    with pytest.raises(CardrulesError) as err:
        shengji.View.from_json(forged)
    assert "tracker" in str(err.value)
    too_many = dict(written)
    too_many["played"] = ["AS AS AS AS AS", "", "", ""]
    with pytest.raises(CardrulesError):
        shengji.View.from_json(too_many)
    bad_void = dict(written)
    bad_void["voids"] = [["spades"], [], [], []]
    with pytest.raises(CardrulesError):
        shengji.View.from_json(bad_void)
    # the history is optional: without it, the past is unknown and nothing is refused
    bare = {k: v for k, v in written.items() if k not in ("played", "voids", "tracker")}
    assert shengji.View.from_json(bare).tracker.played == (EMPTY,) * 4


def _tracker(played: tuple[Cards, ...], shown: tuple[Cards, ...]) -> Tracker:
    hand = Cards.parse("3S 4S")
    return Tracker(
        seat=0, decks=1, hand=hand, hand_sizes=(2, 3), played=played, shown=shown, voids=((), ())
    )


def test_a_tracker_refuses_what_cannot_be() -> None:
    with pytest.raises(PositionError):  # one entry per seat
        _tracker((EMPTY,), (EMPTY, EMPTY))
    with pytest.raises(PositionError):  # the seat's own cards are its hand
        _tracker((EMPTY, EMPTY), (Cards.parse("3S"), EMPTY))
    with pytest.raises(PositionError):  # a second 3S in one deck
        _tracker((EMPTY, Cards.parse("3S")), (EMPTY, EMPTY))


def test_the_unseen_cards_deal_as_the_tracker_knows_them() -> None:
    tracker = Tracker(
        seat=0,
        decks=1,
        hand=Cards.parse("3S 4S"),
        hand_sizes=(2, 3, 3),
        played=(EMPTY, Cards.parse("5S"), EMPTY),
        shown=(EMPTY, Cards.parse("BJ"), EMPTY),
        voids=((), ("S",), ()),
    )
    assert len(tracker.unseen) == 54 - 2 - 1 - 1 and tracker.hidden(1) == 2
    assert tracker.remaining(Card.parse("5S")) == 0 and tracker.is_void(1, "S")

    def allowed(seat: int, card: Card) -> bool:
        return not (seat == 1 and card.suit is not None and card.suit.letter == "S")

    for seed in range(20):
        hands = deal_unseen(tracker, random.Random(seed), allowed)
        assert hands[0] == tracker.hand
        assert [len(h) for h in hands] == [2, 3, 3]
        assert Card.parse("BJ") in hands[1]
        assert not any(c.suit is not None and c.suit.letter == "S" for c in hands[1])
        assert sum(hands, EMPTY) <= tracker.unseen + tracker.hand + tracker.shown[1]
    assert deal_unseen(tracker, random.Random(5)) == deal_unseen(tracker, random.Random(5))
