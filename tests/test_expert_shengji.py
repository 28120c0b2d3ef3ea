"""The expert Shengji level (专家): a legal move in every phase of a match, the same one again
from the same seed and whatever the cards it cannot see, and two endgame plays that the hard
level misses and the search finds."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import shengji
from cardrules.cards import Rank, Suit
from cardrules.errors import CardrulesError
from cardrules.multiset import Cards
from cardrules.registry import game_named, resolve_bot
from cardrules.shengji.bots import HardBot
from cardrules.shengji.expert import ExpertBot
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.state import State

#: A small budget: the tests check the rules of the bot, not its strength.
SMALL = ExpertBot(samples=2, horizon=1, endgame=6)


def test_the_expert_level_is_registered_in_english_and_chinese() -> None:
    bots = game_named("shengji").bots
    assert bots["expert"] is ExpertBot
    made = resolve_bot(bots, "专家")()
    assert isinstance(made, ExpertBot)
    assert (ExpertBot.LEVEL, ExpertBot.NAME_ZH) == ("expert", "专家")


def test_a_wrong_view_or_budget_is_refused() -> None:
    with pytest.raises(CardrulesError):
        SMALL.choose(State.new("four-deck", seed=1, trump="S"), random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        ExpertBot(samples=0)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), advance=st.integers(0, 700))
def test_it_plays_a_legal_move_in_any_phase_and_the_same_one_again(seed: int, advance: int) -> None:
    match = shengji.Match.new(shengji.load_variant("four-deck"), seed=seed)
    rng = random.Random(seed)
    for _ in range(advance):  # a random point of a match: the deal, bidding, burial, play
        if match.is_over:
            return
        match = match.apply(match.random_move(rng))
    for seat in range(match.players):
        view = match.view(seat)
        move = SMALL.choose(view, random.Random(seed))
        if move is None:
            assert seat != match.turn
            continue
        assert match.is_legal(move), (seat, move)
        assert SMALL.choose(view, random.Random(seed)) == move


def test_it_moves_the_same_whatever_cards_it_cannot_see() -> None:
    for seed in range(3):
        state = State.new("four-deck", seed=seed, trump="S")
        rng = random.Random(seed)
        for _ in range(seed * 9 + 5):
            state = state.apply(state.random_move(rng))
        seat = state.turn
        assert seat is not None
        a, b = [s for s in range(4) if s != seat][:2]
        one = next(c for c in state.hands[a] if c not in state.hands[b])
        two = next(c for c in state.hands[b] if c not in state.hands[a])
        hands = list(state.hands)
        hands[a] = hands[a] - Cards.of((one,)) + Cards.of((two,))
        hands[b] = hands[b] - Cards.of((two,)) + Cards.of((one,))
        other = attrs.evolve(state, hands=tuple(hands))
        assert SMALL.choose(state.view(seat), random.Random(3)) == SMALL.choose(
            other.view(seat), random.Random(3)
        )


def _endgame(hands: list[str], leader: int, voids: tuple[int, ...] = ()) -> State:
    """A four-deck round near its end (banker seat 0, trump ♥, level 2), as the rules check it;
    ``voids`` a bitmask per seat of the suit groups it has shown it lacks (bit 0: spades)."""
    return State(
        variant=shengji.load_variant("four-deck"),
        levels=(Rank.parse("2"), Rank.parse("2")),
        trump=Suit.parse("H"),
        banker=0,
        hands=tuple(Cards.parse(h) for h in hands),
        kitty=Cards.parse("KS KS KD 10D 5C 5C 3C 4C"),
        points=(0, 100),
        leader=leader,
        voids=voids,
    )


def test_an_attacker_leads_its_jokers_as_a_pair_to_multiply_the_kitty_by_four() -> None:
    # Seat 1 (an attacker) holds the last two big jokers and leads. The hard level leads its
    # weakest card, one joker, and wins the last trick with a single (kitty x2); the expert
    # plays the pair as one last trick: the kitty's 40 points count four times.
    state = _endgame(["3S 4S", "BJ BJ", "6S 7S", "8D 9D"], leader=1)
    view = state.view(1)
    assert HardBot().choose(view, random.Random(1)) == Move(1, MoveKind.PLAY, Cards.parse("BJ"))
    move = ExpertBot(samples=2).choose(view, random.Random(1))
    assert move == Move(1, MoveKind.PLAY, Cards.parse("BJ BJ"))


def test_it_feeds_points_to_a_partner_nobody_after_it_can_beat() -> None:
    # Seat 0 leads A♠, seat 1 follows; seat 3, the last to play, has shown it holds neither a
    # spade nor a trump (voids the tracker knows), so the ace wins: seat 2 gives it the 10♠.
    state = _endgame(["AS QD", "4S 8D", "10S 3S", "7D 6D"], leader=0, voids=(0, 0, 0, 1 | 16))
    state = state.apply(Move(0, MoveKind.PLAY, Cards.parse("AS")))
    state = state.apply(Move(1, MoveKind.PLAY, Cards.parse("4S")))
    move = ExpertBot(samples=4).choose(state.view(2), random.Random(1))
    assert move == Move(2, MoveKind.PLAY, Cards.parse("10S"))
