"""The match rules as pure functions, under any variant and table size: how a round moves the
levels (never down, never past A, the emperor's team rules next, the winner exactly as
4A4-LEVEL-5 says) and what it scores (4A4-SCORE-1 (The scoring table), 4A4-SCORE-2
(Multipliers))."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank
from cardrules.errors import CardrulesError
from cardrules.multiset import Cards
from cardrules.siyaosi import MoveKind, Table, Variant, classify, load_variant
from cardrules.siyaosi.levels import after_round, caught_all, rise
from cardrules.siyaosi.moves import Top
from cardrules.siyaosi.result import RoundResult, round_result
from cardrules.siyaosi.scoring import count_play, multiplier, played_from_names, round_points
from cardrules.siyaosi.variant import SCORING_KINDS, MultiplierMode, Victory
from cardrules.testing.clause_oracles import levels_after, round_score
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
def test_levels_fall_only_by_a_drop_back_stay_in_range_and_the_emperors_team_rules(
    drawn: tuple[Variant, tuple[Rank, Rank], RoundResult],
) -> None:
    variant, levels, result = drawn
    after = after_round(variant, levels, result.ruling, result)
    assert after.ruling == result.emperor % 2
    for team, (before, now) in enumerate(zip(levels, after.levels, strict=True)):
        assert now <= Rank.ACE
        if now < before:  # a level falls only by a drop-back of the ruling team, 4A4-LEVEL-6
            assert team == result.ruling and f"{before.text}>{now.text}" in variant.drop_backs
    other = 1 - result.emperor % 2
    assert after.levels[other] <= levels[other], "only the emperor's team may rise"
    if after.winner is not None:
        assert after.winner == result.emperor % 2
        if variant.victory is Victory.PASS:
            assert caught_all(result) and levels[after.winner] == Rank.ACE
        else:
            assert after.levels[after.winner] == Rank.ACE


# in the default run (not slow): the mutation run's selection needs the oracle comparisons
@settings(max_examples=200)
@given(rounds())
def test_levels_move_as_the_clauses_say(
    drawn: tuple[Variant, tuple[Rank, Rank], RoundResult],
) -> None:
    """The engine's standing after a round equals the clause oracle's, which reads catches,
    gates, the stage, drop-backs and victory off the finishing order alone."""
    variant, levels, result = drawn
    after = after_round(variant, levels, result.ruling, result)
    expected = levels_after(
        variant.players,
        result.finish,
        result.ruling,
        (levels[0].text, levels[1].text),
        rise=variant.rise.value,
        sweep_rise=variant.sweep_rise,
        gates=[str(g) for g in variant.gates],
        drop_backs=list(variant.drop_backs),
        victory=variant.victory.value,
    )
    assert ((after.levels[0].text, after.levels[1].text), after.ruling, after.winner) == expected


PLAYS = st.lists(st.sampled_from(SCORING_KINDS), max_size=6)


@settings(max_examples=200)
@given(rounds(), PLAYS)
def test_a_round_scores_by_its_outcome_times_its_multiplier(
    drawn: tuple[Variant, tuple[Rank, Rank], RoundResult], plays: list[str]
) -> None:
    """The engine's points equal the clause oracle's (4A4-SCORE-1 (The scoring table), 4A4-SCORE-2
    (Multipliers)), which reads the outcome off the finishing order itself and multiplies by the
    plays named."""
    variant, _levels, result = drawn
    played = (plays.count("4a4"), plays.count("joker-bomb"), plays.count("bomb"))
    points = round_points(variant, result, result.ruling, played)
    expected = round_score(
        variant.players,
        result.finish,
        result.ruling,
        {k: (v[0], v[1]) for k, v in dict(variant.score_table).items()},
        dict(variant.multipliers),
        variant.multiplier_mode is MultiplierMode.PER_PLAY,
        plays,
    )
    assert points == expected
    if points is None:
        assert not variant.score_table


def test_the_score_oracle_reads_seed_001_s_rows() -> None:
    """One-deck's table as 4A4-SCORE-1 (The scoring table) lists it (seat 0's team ruling): 1st and
    3rd +4/+1, 1st and 4th +2/+2, a sweep +8/−4 — and a 4A4 with two bombs ×10 per kind, ×20 per
    play."""
    one = load_variant("one-deck")
    table = {k: (v[0], v[1]) for k, v in dict(one.score_table).items()}
    mult = dict(one.multipliers)
    assert round_score(4, [0, 1, 2], 0, table, mult, False, []) == (4, 1)
    assert round_score(4, [0, 1, 3], 0, table, mult, False, []) == (2, 2)
    assert round_score(4, [0, 2], 0, table, mult, False, []) == (8, -4)
    assert round_score(4, [1, 3], 0, table, mult, False, []) == (-8, 8)
    plays = ["4a4", "bomb", "bomb"]
    assert round_score(4, [0, 2], 0, table, mult, False, plays) == (80, -40)
    assert round_score(4, [0, 2], 0, table, mult, True, plays) == (160, -80)
    assert round_score(4, [0, 2], 0, {}, mult, False, plays) is None


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


def _top(cards: str, seat: int = 0) -> Top:
    table = Table(load_variant("classic"), (Rank.TWO, Rank.TWO), 0)
    combination = classify(Cards.parse(cards), table, seat)
    assert combination is not None
    return Top(seat, combination)


def test_the_plays_that_score_are_counted_as_4a4_score_2_lists_them() -> None:
    """4A4-SCORE-2 (Multipliers): a play of a 4A4, a joker bomb or a bomb of three or more counts
    one of its kind; a straight or a pair counts nothing; a chain step counts once, when it first
    makes the chain a bomb."""
    none = (0, 0, 0)
    assert count_play(none, MoveKind.PLAY, None, _top("4S 4H AD")) == (1, 0, 0)
    assert count_play(none, MoveKind.PLAY, None, _top("SJ BJ")) == (0, 1, 0)
    assert count_play(none, MoveKind.PLAY, None, _top("9S 9H 9C")) == (0, 0, 1)
    assert count_play((1, 2, 3), MoveKind.PLAY, None, _top("9S 9H 9C 9D")) == (1, 2, 4)
    assert count_play(none, MoveKind.PLAY, None, _top("9S 9H")) == none
    assert count_play(none, MoveKind.PLAY, None, _top("3S 4H 5C")) == none
    assert count_play(none, MoveKind.PASS, _top("9S"), None) == none
    single, bomb = _top("8S"), _top("8S 8H 8H")
    assert count_play(none, MoveKind.CHA, single, bomb) == (0, 0, 1)
    assert count_play((0, 0, 1), MoveKind.GOU, bomb, _top("8S 8H 8H 8C")) == (0, 0, 1)
    # a capture is no 勾岔 chain and no play: it scores nothing, even when it leaves a bomb
    assert count_play(none, MoveKind.CAPTURE, single, bomb) == none
    assert count_play(none, MoveKind.CHI, _top("4S"), _top("3S 4H 5C")) == none


def test_a_round_case_names_its_scoring_plays() -> None:
    assert played_from_names(["4a4", "bomb", "bomb", "joker-bomb", "pair"]) == (1, 1, 2)
    for bad, shown in ((["nonsense"], "'nonsense'"), ([7], "7"), (["bomb", None], "None")):
        with pytest.raises(CardrulesError) as refused:
            played_from_names(bad)
        message = str(refused.value)
        assert message.startswith("played lists combination names (single, pair, straight")
        assert message.endswith(f"got {shown}")
