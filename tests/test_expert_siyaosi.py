"""The 四幺四 expert (专家): a legal move in every phase, the same again from the same seed and
whatever the cards it cannot see, and its endgame rules (seed 001, 难度说明)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import siyaosi
from cardrules.cards import Rank
from cardrules.errors import CardrulesError
from cardrules.multiset import Cards
from cardrules.registry import game_named, resolve_bot
from cardrules.siyaosi import ExpertBot, State
from cardrules.siyaosi.bots import HardBot

#: A small budget keeps the tests fast; the search still runs.
SMALL = ExpertBot(samples=3, candidates=3)


def test_the_expert_is_registered_under_its_english_and_chinese_names() -> None:
    bots = game_named("siyaosi").bots
    assert bots["expert"] is ExpertBot
    made = resolve_bot(bots, "专家")()
    assert type(made) is ExpertBot
    assert (ExpertBot.LEVEL, ExpertBot.NAME_ZH) == ("expert", "专家")


@settings(max_examples=15, deadline=None)
@given(
    preset=st.sampled_from(["classic", "one-deck"]),
    seed=st.integers(0, 2**32 - 1),
    advance=st.integers(0, 600),
)
def test_the_expert_plays_a_legal_move_in_any_phase_and_the_same_one_again(
    preset: str, seed: int, advance: int
) -> None:
    match = siyaosi.Match.new(siyaosi.load_variant(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(advance):  # a random point of a match: any phase
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


def _late(preset: str, seed: int, left: int) -> State:
    """A round played by hard players until at most ``left`` cards are in the hands."""
    state = State.new(preset, seed=seed)
    hard = HardBot()
    rng = random.Random(seed)
    while sum(state.hand_sizes) > left and not state.out:
        seat = state.turn
        assert seat is not None
        move = hard.choose(state.view(seat), rng)
        assert move is not None
        state = state.apply(move)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_the_expert_moves_the_same_whatever_cards_it_cannot_see(seed: int) -> None:
    state = _late("one-deck", seed, 30)  # small enough to be searched
    seat = state.turn
    assert seat is not None
    others = [s for s in range(4) if s != seat and len(state.hands[s]) >= 1]
    a, b = others[0], others[1]
    ca = next(iter(state.hands[a]))
    cb = next(c for c in state.hands[b] if c != ca)
    one, two = Cards.of((ca,)), Cards.of((cb,))
    hands = list(state.hands)
    hands[a], hands[b] = hands[a] - one + two, hands[b] - two + one
    other = attrs.evolve(state, hands=tuple(hands))
    assert SMALL.choose(state.view(seat), random.Random(5)) == SMALL.choose(
        other.view(seat), random.Random(5)
    )


def _table(preset: str) -> siyaosi.Table:
    seven = Rank.parse("7")  # no card of the tests is a level card
    return siyaosi.Table(siyaosi.load_variant(preset), (seven, seven), 0)


def test_the_expert_bombs_to_shut_out_an_opponent_about_to_go_out() -> None:
    hands = tuple(Cards.parse(h) for h in ("5S 5H 5C 5D 3S 4H", "9C 9D 8C", "6S 7S 8S 9S", "AS KD"))
    state = State(_table("one-deck"), hands, 3)
    state = state.apply(state.view(3).parse_move("AS"))  # the opponent keeps one card
    move = ExpertBot().choose(state.view(0), random.Random(1))
    assert move is not None and move.cards == Cards.parse("5S 5H 5C 5D") - Cards.parse("5S")


def test_the_expert_feeds_its_partner_who_holds_one_card() -> None:
    hands = tuple(
        Cards.parse(h) for h in ("4H 4D 6C KS KH", "QS QH JD JC 2S", "9S", "QC QD JH JS 2H")
    )
    state = State(_table("one-deck"), hands, 0)
    assert HardBot().choose(state.view(0), random.Random(1)) == state.view(0).parse_move("4H 4D")
    move = ExpertBot().choose(state.view(0), random.Random(1))
    assert move is not None and len(move.cards) == 1 and move.cards <= Cards.parse("4H 4D")


def test_the_expert_refuses_what_is_not_a_siyaosi_view() -> None:
    with pytest.raises(CardrulesError):
        ExpertBot().choose(object(), random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(CardrulesError):
        ExpertBot(samples=-1)
