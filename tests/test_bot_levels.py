"""The computer players' levels (seed 001, 难度说明): every level of both games plays a legal
move in every phase it meets, the same move for the same view and seed, and the same move
whatever the cards it cannot see; the level names resolve in English and Chinese."""

from __future__ import annotations

import random
from typing import TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import shengji, siyaosi
from cardrules.bots import Bot, play_round
from cardrules.game import GameState, MoveLike
from cardrules.multiset import Cards
from cardrules.registry import game_named, resolve_bot
from cardrules.shengji.bots import EasyBot as ShengjiEasy
from cardrules.shengji.bots import HardBot as ShengjiHard
from cardrules.siyaosi.bots import EasyBot as SiyaosiEasy
from cardrules.siyaosi.bots import HardBot as SiyaosiHard

LEVELS = ("easy", "hard")
M = TypeVar("M", bound=MoveLike)


@pytest.mark.parametrize("game", ["siyaosi", "shengji"])
def test_every_level_is_registered_under_its_english_and_chinese_names(game: str) -> None:
    bots = game_named(game).bots
    for level, chinese in (("easy", "简单"), ("hard", "困难"), ("expert", "专家")):
        made = resolve_bot(bots, chinese)()
        assert type(made) is bots[level]
        assert level == type(made).LEVEL and chinese == type(made).NAME_ZH  # type: ignore[attr-defined]
    assert bots["heuristic"] is bots["hard"]  # the older name of the hard level


SIYAOSI_LEVELS: dict[str, type[SiyaosiEasy | SiyaosiHard]] = {
    "easy": SiyaosiEasy,
    "hard": SiyaosiHard,
}
SHENGJI_LEVELS: dict[str, type[ShengjiEasy | ShengjiHard]] = {
    "easy": ShengjiEasy,
    "hard": ShengjiHard,
}


def _every_seat_plays_legally(match: GameState[M], bot: Bot[M], seed: int) -> None:
    """Each seat's move is legal (``None`` only out of turn) and the same again from the seed."""
    for seat in range(match.players):
        view = match.view(seat)
        move = bot.choose(view, random.Random(seed))
        if move is None:
            assert seat != match.turn
            continue
        assert match.is_legal(move), (seat, move)
        assert bot.choose(view, random.Random(seed)) == move  # deterministic given its seed


@settings(max_examples=20)
@given(
    preset=st.sampled_from(["classic", "one-deck"]),
    seed=st.integers(0, 2**32 - 1),
    advance=st.integers(0, 600),
    level=st.sampled_from(LEVELS),
)
def test_a_siyaosi_level_plays_a_legal_move_in_any_phase_and_the_same_one_again(
    preset: str, seed: int, advance: int, level: str
) -> None:
    match = siyaosi.Match.new(siyaosi.load_variant(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(advance):  # a random point of a match: any phase
        if match.is_over:
            return
        match = match.apply(match.random_move(rng))
    _every_seat_plays_legally(match, SIYAOSI_LEVELS[level](), seed)


@settings(max_examples=12)
@given(
    seed=st.integers(0, 2**32 - 1),
    advance=st.integers(0, 700),
    level=st.sampled_from(LEVELS),
)
def test_a_shengji_level_plays_a_legal_move_in_any_phase_and_the_same_one_again(
    seed: int, advance: int, level: str
) -> None:
    match = shengji.Match.new(shengji.load_variant("four-deck"), seed=seed)
    rng = random.Random(seed)
    for _ in range(advance):  # a random point of a match: the deal, bidding, burial, play
        if match.is_over:
            return
        match = match.apply(match.random_move(rng))
    _every_seat_plays_legally(match, SHENGJI_LEVELS[level](), seed)


def _swap_hidden(hands: tuple[Cards, ...], seat: int) -> tuple[Cards, ...] | None:
    """The hands with one card moved each way between two seats other than ``seat``."""
    others = [s for s in range(len(hands)) if s != seat and len(hands[s])]
    for a in others:
        for b in others:
            if a < b:
                ca = next(c for c in hands[a] if c not in hands[b])
                cb = next((c for c in hands[b] if c not in hands[a]), None)
                if cb is None:
                    continue
                one, two = Cards.of((ca,)), Cards.of((cb,))
                out = list(hands)
                out[a] = hands[a] - one + two
                out[b] = hands[b] - two + one
                return tuple(out)
    return None


S = TypeVar("S", siyaosi.State, shengji.State)


def _hidden_cards_traded(state: S, steps: int, seed: int) -> tuple[S, S, int]:
    """After ``steps`` random moves: the state, the same state but for a card two seats other
    than the one in turn have traded (``attrs.evolve`` checks it again), and that seat."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    seat = state.turn
    assert seat is not None
    swapped = _swap_hidden(state.hands, seat)
    assert swapped is not None
    other = attrs.evolve(state, hands=swapped)
    assert other.hands != state.hands
    return state, other, seat


@pytest.mark.parametrize("bot", [SiyaosiEasy(), SiyaosiHard()], ids=["easy", "hard"])
def test_a_siyaosi_level_moves_the_same_whatever_cards_it_cannot_see(
    bot: SiyaosiEasy | SiyaosiHard,
) -> None:
    for seed in range(6):
        mine, other, seat = _hidden_cards_traded(
            siyaosi.State.new("classic", seed=seed), seed * 7, seed
        )
        assert bot.choose(mine.view(seat), random.Random(1)) == bot.choose(
            other.view(seat), random.Random(1)
        )


@pytest.mark.parametrize("bot", [ShengjiEasy(), ShengjiHard()], ids=["easy", "hard"])
def test_a_shengji_level_moves_the_same_whatever_cards_it_cannot_see(
    bot: ShengjiEasy | ShengjiHard,
) -> None:
    for seed in range(4):
        dealt = shengji.State.new("four-deck", seed=seed, trump="S")
        mine, other, seat = _hidden_cards_traded(dealt, seed * 9, seed)
        assert bot.choose(mine.view(seat), random.Random(1)) == bot.choose(
            other.view(seat), random.Random(1)
        )


def test_hard_beats_easy_on_the_same_deals() -> None:
    """A smoke check of the order of the levels on a few duplicate rounds (the figures are
    measured by ``cardrules simulate --bots hard,easy``, README)."""
    won = 0.0
    for seed in range(6):
        for hard_team in (0, 1):
            state = siyaosi.State.new("one-deck", seed=seed)
            bots: list[Bot[siyaosi.Move]] = [
                SiyaosiHard() if s % 2 == hard_team else SiyaosiEasy() for s in range(4)
            ]
            final, _ = play_round(state, bots, random.Random(seed))
            won += final.result().emperor % 2 == hard_team
    assert won > 6
