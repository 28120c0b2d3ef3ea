"""The play switches of the north-eastern rules (Y-NE-3 … Y-NE-6): what the generator lists and
the engine accepts agree with each switch, on random deals."""

from __future__ import annotations

import random

import pytest

from cardrules.cards import Rank
from cardrules.multiset import Cards
from cardrules.siyaosi import Move, State, Table, Variant, beats, classify, load_variant


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


_SAMPLES = (
    "5S",
    "5S 5H",
    "9S 9H 9D",
    "9S 9H 9D 9C",
    "3S 3H 3D 3C",
    "SJ BJ",
    "4S 4H AD",
    "4C 4D AS",
    "5S 6H 7D",
    "8S 9H 10D JC QS KH",
    "5S 5H 6D 6C 7S 7H",
    "8S 8H 9D 9C 10S 10H",
    "8S 8H 9D 9C 10S 10H JS JH",
)


@pytest.mark.parametrize("classic", [False, True])
def test_no_bombs_on_doubles_keeps_beats_irreflexive_and_asymmetric(classic: bool) -> None:
    """4A4-BEAT-11 (Only a 4A4 bombs a double straight): no bomb but a 4A4 beats a double
    straight, and ``beats`` stays irreflexive and asymmetric (4A4-BEAT-10)."""
    base = "classic" if classic else "one-deck"
    variant = load_variant(base, overrides={"bombs_beat_double_straights": False})
    table = Table(variant, (Rank.THREE, Rank.THREE), 0)
    combos = [classify(Cards.parse(text), table, 0) for text in _SAMPLES]
    assert all(c is not None for c in combos)
    for a in combos:
        assert a is not None
        assert not beats(a, a, table)
        for b in combos:
            assert b is not None
            assert not (beats(a, b, table) and beats(b, a, table))
            if b.name == "double-straight" and a.name in ("bomb", "joker-bomb"):
                assert not beats(b, a, table)
            if b.name == "double-straight" and a.name == "4a4":
                assert beats(b, a, table)


def test_double_straight_leads_listed_only_as_the_last_cards() -> None:
    """4A4-TURN-8 (Leading a double straight): the generator lists a double-straight lead only
    when it empties the hand, and the engine refuses the others with their code."""
    variant = _ne_variant(lead_double_straight="last_cards")
    every = _ne_variant()
    hands = (
        Cards.parse("5S 5H 6D 6C 7S 7H 3D"),
        Cards.parse("8S 8H 9D 9C 10S 10H"),
        Cards.parse("3S 4S 5D 6S 7D"),
        Cards.parse("KS KH QD"),
    )
    for leader, doubles in ((0, 0), (1, 1)):
        state = State(Table(variant, (Rank.THREE, Rank.THREE), 0), hands, leader)
        free = State(Table(every, (Rank.THREE, Rank.THREE), 0), hands, leader)
        listed = [
            m
            for m in state.legal_moves()
            if (c := classify(m.cards, state.table, m.seat)) and c.name == "double-straight"
        ]
        assert len(listed) == doubles
        assert all(m.cards == hands[leader] for m in listed)
        for move in free.legal_moves():
            combo = classify(move.cards, free.table, move.seat)
            assert combo is not None
            if combo.name == "double-straight" and move.cards != hands[leader]:
                reason = state.explain(move)
                assert reason is not None and reason.code == "double-straight-not-last"
            else:
                assert state.is_legal(move)
