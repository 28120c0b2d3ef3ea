"""The play switches of the north-eastern rules (Y-NE-3 … Y-NE-6): what the generator lists and
the engine accepts agree with each switch, on random deals."""

from __future__ import annotations

import random

import pytest

from cardrules.cards import Rank
from cardrules.siyaosi import Move, State, Variant, classify, load_variant


def _ne_variant(**overrides: object) -> Variant:
    return load_variant("one-deck", overrides={"straight_floor": "3", **overrides})


def _runs_through(state: State, level: Rank) -> list[Move]:
    """The listed moves of ``state`` that are runs holding ``level``."""
    found = []
    for move in state.legal_moves():
        combo = classify(move.cards, state.table, move.seat)
        assert combo is not None or move.kind != "play"
        if (
            combo is not None
            and combo.length > 1
            and combo.low <= int(level) < combo.low + combo.length
        ):
            found.append(move)
    return found


@pytest.mark.parametrize("seed", range(12))
def test_no_listed_run_holds_the_level_rank(seed: int) -> None:
    """4A4-COMBO-9 (Straights without the level rank): no listed straight or double straight
    holds the level rank, a run of the default holding it is refused, and the other moves
    listed by the default are listed alike."""
    level = Rank.parse(("5", "7", "9", "J")[seed % 4])
    out = State.new(
        _ne_variant(level_in_straights=False), seed=seed, levels=(level, level), ruling=0
    )
    into = State.new(_ne_variant(), seed=seed, levels=(level, level), ruling=0)
    assert out.hands == into.hands
    assert _runs_through(out, level) == []
    through = _runs_through(into, level)
    assert all(not out.is_legal(m) for m in through)
    assert [m for m in into.legal_moves() if m not in through] == list(out.legal_moves())
    rng = random.Random(seed)
    state = out
    for _ in range(300):  # random play never lists a run through the level
        if state.is_over:
            break
        assert _runs_through(state, level) == []
        state = state.apply(state.random_move(rng))
