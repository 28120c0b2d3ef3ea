"""The play switches of the north-eastern rules (Y-NE-3 … Y-NE-6): what the generator lists and
the engine accepts agree with each switch, on random deals."""

from __future__ import annotations

import json
import random

import pytest

from cardrules.bots import Bot, RandomBot, play_round
from cardrules.cards import Rank
from cardrules.multiset import Cards
from cardrules.siyaosi import (
    EasyBot,
    HardBot,
    Move,
    MoveKind,
    State,
    Table,
    Variant,
    View,
    beats,
    classify,
    load_variant,
)
from cardrules.siyaosi.combos import rank_counts


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


#: The north-eastern play switches together, over one-deck and over classic (chains off).
_DEAD_TABLES = (
    {"cha": "dead"},
    {
        "cha": "dead",
        "level_in_straights": False,
        "bombs_beat_double_straights": False,
        "lead_double_straight": "last_cards",
        "level_promotion": "all",
    },
)


def _signature(state: State, move: Move) -> tuple[object, ...]:
    """What a move does, up to suit choices that change nothing (4A4-MOVES-1)."""
    cls: object = None
    if move.kind == "play":
        combo = classify(move.cards, state.table, move.seat)
        if combo is not None and combo.name == "4a4":
            cls = combo.strength
        elif combo is not None and combo.width == 1 and combo.length > 1:
            cls = combo.flush and state.variant.flush_straights
    return (move.seat, move.kind, tuple(rank_counts(move.cards.counts)), cls)


def _aimed(state: State) -> list[Move]:
    """One, two and three cards of the top's rank, by every seat, under every kind."""
    top = state.top
    if top is None:
        return []
    rank = (top.base or top.combination).low
    out = []
    for seat, hand in enumerate(state.hands):
        same = [c for c in hand if int(c.rank) == rank]
        for k in range(1, len(same) + 1):
            for kind in (MoveKind.PLAY, MoveKind.CHA, MoveKind.GOU, MoveKind.CAPTURE):
                out.append(Move(seat, kind, Cards.of(same[:k])))
    return out


@pytest.mark.parametrize("base", ["one-deck", "classic"])
@pytest.mark.parametrize("overrides", _DEAD_TABLES)
@pytest.mark.parametrize("seed", range(6))
def test_dead_cha_listing_is_exactly_the_legal_moves(
    base: str, overrides: dict[str, object], seed: int
) -> None:
    """4A4-DEAD-1 (叉 on a single), 4A4-DEAD-2 (点 ends the trick): in random play every listed
    move is accepted, every 叉/点-shaped move is legal exactly when a listed move does the same,
    each seat's view lists that seat's moves, and states and views round-trip through JSON."""
    variant = load_variant(base, overrides=overrides)
    rng = random.Random(seed)
    state = State.new(variant, seed=seed, levels=(Rank.SEVEN, Rank.EIGHT), ruling=seed % 2)
    chas = dians = 0
    for _ in range(600):
        if state.is_over:
            break
        moves = list(state.legal_moves())
        assert moves
        listed = {_signature(state, m) for m in moves}
        for move in moves:
            assert state.explain(move) is None, move
        for move in _aimed(state):
            reason = state.explain(move)
            assert (reason is None) == (_signature(state, move) in listed), (move, reason)
        for seat in range(state.players):
            view = state.view(seat)
            assert list(view.legal_moves()) == [m for m in moves if m.seat == seat]
            assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
        assert State.from_json(json.loads(json.dumps(state.to_json()))) == state
        steps = [m for m in moves if m.kind in ("cha", "gou")]
        move = rng.choice(steps) if steps and rng.random() < 0.7 else rng.choice(moves)
        chas += move.kind == "cha"
        dians += move.kind == "gou"
        state = state.apply(move)
    assert state.is_over
    assert chas >= 1 and dians >= 1  # the random play made both


@pytest.mark.parametrize("overrides", _DEAD_TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_bots_play_the_north_eastern_switches(overrides: dict[str, object], seed: int) -> None:
    """HardBot and EasyBot play whole rounds under 叉/点 and the other north-eastern play
    switches without a refused move (play_round raises on one)."""
    variant = load_variant("one-deck", overrides=overrides)
    state = State.new(variant, seed=seed)
    bots: list[Bot[Move]] = [HardBot(), EasyBot(), HardBot(), RandomBot()]
    final, log = play_round(state, bots, random.Random(seed))
    assert final.is_over
    assert log
