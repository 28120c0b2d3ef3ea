"""The match rules as pure functions, under any variant and table size: how a round moves the
levels (never down, never past A, the emperor's team rules next, the winner exactly as
4A4-LEVEL-5 says) and what it scores (4A4-SCORE-1, 4A4-SCORE-2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank
from cardrules.siyaosi import Variant, load_variant
from cardrules.siyaosi.levels import after_round, caught_all, rise
from cardrules.siyaosi.result import RoundResult, round_result
from cardrules.siyaosi.scoring import NO_PLAYS, multiplier, outcome, round_points
from cardrules.siyaosi.variant import SCORE_OUTCOMES, MultiplierMode, Victory
from cardrules.testing.strategies import variants

LEVELS = st.sampled_from([r for r in Rank if not r.is_joker])


@st.composite
def finished_rounds(draw: st.DrawFn, players: int) -> RoundResult:
    """A finishing order that ends a round: seats go out in a random order until one team is
    all out."""
    order = draw(st.permutations(range(players)))
    out: list[int] = []
    for seat in order:
        out.append(seat)
        if any(all(s in out for s in range(t, players, 2)) for t in (0, 1)):
            break
    ruling = draw(st.sampled_from([None, 0, 1]))
    return round_result(players, tuple(out), ruling)


@st.composite
def rounds(draw: st.DrawFn) -> tuple[Variant, tuple[Rank, Rank], RoundResult]:
    variant = draw(variants("siyaosi"))
    assert isinstance(variant, Variant)
    start = variant.start_level
    levels = (draw(LEVELS.filter(lambda r: r >= start)), draw(LEVELS.filter(lambda r: r >= start)))
    return variant, levels, draw(finished_rounds(variant.players))


@pytest.mark.slow
@settings(max_examples=300)
@given(rounds())
def test_levels_never_fall_stay_in_range_and_the_emperors_team_rules(
    drawn: tuple[Variant, tuple[Rank, Rank], RoundResult],
) -> None:
    variant, levels, result = drawn
    after = after_round(variant, levels, result.ruling, result)
    assert after.ruling == result.emperor % 2
    for before, now in zip(levels, after.levels, strict=True):
        assert before <= now <= Rank.ACE
    other = 1 - result.emperor % 2
    assert after.levels[other] == levels[other], "only the emperor's team may rise"
    if after.winner is not None:
        assert after.winner == result.emperor % 2
        if variant.victory is Victory.PASS:
            assert caught_all(result) and levels[after.winner] == Rank.ACE
        else:
            assert after.levels[after.winner] == Rank.ACE


@pytest.mark.slow
@settings(max_examples=300)
@given(rounds())
def test_a_round_scores_by_its_outcome_times_its_multiplier(
    drawn: tuple[Variant, tuple[Rank, Rank], RoundResult],
) -> None:
    variant, _levels, result = drawn
    key = outcome(result, result.ruling)
    assert key in SCORE_OUTCOMES
    points = round_points(variant, result, result.ruling, NO_PLAYS)
    if not variant.score_table:
        assert points is None
        return
    ruling = result.emperor % 2 if result.ruling is None else result.ruling
    ruling_points, other_points = dict(variant.score_table).get(key, (0, 0))
    assert points is not None
    assert (points[ruling], points[1 - ruling]) == (ruling_points, other_points)


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 9))
def test_per_kind_multiplies_once_per_kind_and_per_play_once_per_play(
    fa4: int, jokers: int, bombs: int
) -> None:
    per_kind = load_variant("one-deck")
    per_play = load_variant("one-deck", overrides={"multiplier_mode": "per_play"})
    assert per_play.multiplier_mode is MultiplierMode.PER_PLAY
    played = (fa4, jokers, bombs)
    kinds = (5 if fa4 else 1) * (4 if jokers else 1) * (2 if bombs else 1)
    assert multiplier(per_kind, played) == kinds <= 40
    assert multiplier(per_play, played) == 5**fa4 * 4**jokers * 2**bombs


def test_a_rise_stops_on_a_gate_and_leaves_it_only_with_every_opponent_caught() -> None:
    gates = frozenset({Rank.JACK, Rank.ACE})
    assert rise(Rank.NINE, 3, True, gates) is Rank.JACK
    assert rise(Rank.JACK, 2, False, gates) is Rank.JACK
    assert rise(Rank.JACK, 2, True, gates) is Rank.KING
    assert rise(Rank.KING, 4, True, gates) is Rank.ACE
    assert rise(Rank.KING, 4, True, frozenset()) is Rank.ACE
    assert rise(Rank.FIVE, 0, True, gates) is Rank.FIVE
