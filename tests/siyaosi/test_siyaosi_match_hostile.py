"""Hostile match documents: a server reads matches from strangers. Whatever it is given,
``Match.from_json`` refuses with one ``CardrulesError`` naming the field, or returns a match
that could exist: its listed moves are accepted and it plays on without an error
(4A4-MATCH-3 (Match positions and records))."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank
from cardrules.cases import load_case_text
from cardrules.deck import full_deck
from cardrules.errors import CardrulesError, DocumentError, PositionError
from cardrules.jsonio import JSON
from cardrules.multiset import Cards
from cardrules.siyaosi import Match, MatchResult, Phase, Variant, load_variant
from cardrules.testing.strategies import seeds, variants
from cardrules.testing.tamper import ENVELOPE, put, tampered


def _walk(match: Match, rng: random.Random, steps: int) -> Match:
    for _ in range(steps):
        if match.is_over:
            break
        match = match.apply(match.random_move(rng))
    return match


def _doc(variant: object, seed: int, steps: int) -> dict[str, JSON]:
    assert isinstance(variant, Variant)
    return _walk(Match.new(variant, seed=seed), random.Random(seed), steps).to_json()


_ODD: list[JSON] = [
    None, True, -1, 0, 1, 3, 2**64, 10**30, 1.5, "2", "", "ZZ", "BJ BJ BJ BJ BJ", "A", [],
    [0, 0], [1, 3], [9], {}, {"seat": 1, "kind": "tribute", "cards": "BJ"},
    {"seat": 0, "kind": "rebel", "cards": ""}, {"leader": 0, "out": []},
]  # fmt: skip


def _tamper(doc: dict[str, JSON], other: dict[str, JSON], data: st.DataObject) -> dict[str, JSON]:
    return tampered(doc, other, data, odd=_ODD, keep=(*ENVELOPE, "variant"), swap="deal")


def _sound(match: Match) -> None:
    """A loaded match is one that could exist: no card beyond the decks, its listed moves are
    accepted, and random play goes on without an error."""
    assert sum(match.hands, Cards()) <= full_deck(match.variant.decks)
    for move in list(match.legal_moves())[:30]:
        match.apply(move)
    _walk(match, random.Random(7), 400)


@pytest.mark.slow
@settings(
    max_examples=120, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(variants("siyaosi"), seeds(), st.integers(0, 200), st.integers(0, 200), st.data())
def test_tampered_matches_are_refused_or_sound(
    variant: object, seed: int, a: int, b: int, data: st.DataObject
) -> None:
    doc = _doc(variant, seed, a)
    other = _doc(variant, (seed + 1) % 2**64, b)
    tampered = _tamper(doc, other, data)
    try:
        match = Match.from_json(json.dumps(tampered))
    except CardrulesError as err:
        assert str(err).startswith("not a siyaosi match")
        return
    _sound(match)


# ---------------------------------------------------------------------- findings, one by one
def _tribute_doc(preset: str = "classic") -> dict[str, JSON]:
    """A match at the start of a round's tribute phase."""
    match = Match.new(preset, seed=1)
    rng = random.Random(1)
    while match.phase is not Phase.TRIBUTE:
        match = match.apply(match.random_move(rng))
    return match.to_json()


def _rows(doc: dict[str, JSON], key: str) -> list[JSON]:
    value = doc[key]
    assert isinstance(value, list)
    return value


_OPENING: JSON = {"leader": 0, "out": []}


def _move(seat: int, kind: str, cards: str) -> JSON:
    return {"seat": seat, "kind": kind, "cards": cards}


IMPOSSIBLE: list[tuple[str, Callable[[dict[str, JSON]], None]]] = [
    ("the ruling team is not the last emperor's", lambda d: put(d, ("ruling",), 1 - d["ruling"])),  # type: ignore[operator]
    ("no ruling team after a round", lambda d: put(d, ("ruling",), None)),
    ("a last finish that ends no round", lambda d: put(d, ("last_finish",), [0])),
    ("round 1 after a round", lambda d: put(d, ("round",), 1)),
    ("an opening where the rules say who leads", lambda d: put(d, ("opening",), _OPENING)),
    ("five big jokers dealt", lambda d: put(d, ("deal", 0), "BJ BJ BJ BJ BJ")),
    ("an empty hand dealt", lambda d: put(d, ("deal", 0), "")),
    ("a claimed phase", lambda d: put(d, ("phase",), "play")),
    ("a claimed turn", lambda d: put(d, ("turn",), 3 - (d["turn"] or 0))),  # type: ignore[operator]
    ("a claimed result", lambda d: put(d, ("result",), {"winner": 0})),
    ("a play before the tribute", lambda d: put(d, ("moves",), [_move(0, "play", "3S")])),
    ("a tribute out of turn", lambda d: _rows(d, "exchange").append(_move(0, "tribute", "3S"))),
    ("a seed beyond 64 bits", lambda d: put(d, ("seed",), 2**64)),
    ("a score of text", lambda d: put(d, ("score",), ["8", "-4"])),
    ("an unknown field", lambda d: put(d, ("winner",), 0)),
]  # fmt: skip


@pytest.mark.parametrize(("what", "change"), IMPOSSIBLE, ids=[w for w, _ in IMPOSSIBLE])
def test_impossible_matches_are_refused(
    what: str, change: Callable[[dict[str, JSON]], None]
) -> None:
    doc = _tribute_doc()
    change(doc)
    with pytest.raises(DocumentError):
        Match.from_json(doc)


def test_levels_below_the_start_level_are_refused() -> None:
    doc = _tribute_doc("one-deck")
    put(doc, ("levels",), ["2", "3"])
    with pytest.raises(DocumentError, match="levels"):
        Match.from_json(doc)


@pytest.mark.parametrize("reader", [Match.from_json, MatchResult.from_json])
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": 1, "seed": Infinity}',
        '{"format": 1e999}',
        b"\xff\xfe{}",
        "",
        "null",
        '{"format": 1, "game": "siyaosi", "type": "state"}',
    ],
)
def test_every_match_reader_refuses_garbage_quickly(
    reader: Callable[[str | bytes], object], text: str | bytes
) -> None:
    start = time.perf_counter()
    with pytest.raises(CardrulesError):
        reader(text)
    assert time.perf_counter() - start < 1.0


def test_a_huge_round_of_replayed_moves_is_bounded_by_the_document_limits() -> None:
    doc = _tribute_doc()
    put(doc, ("moves",), [_move(0, "pass", "")] * 100_001)
    with pytest.raises(DocumentError):
        Match.from_json(doc)


@pytest.mark.parametrize("phase", ["tribute", "play"])
def test_a_position_without_the_heart_three_that_leads_is_refused(phase: str) -> None:
    """Under ``tribute_leader`` / ``first_leader = "heart-three"`` the holder of 3♥ leads; a
    position of short hands holding none is refused as a position (a ``CardrulesError``), not
    met later by a bare ``StopIteration`` at the last return (the tribute oracle found it)."""
    text = """
format = 1
[positions.p]
game = "siyaosi"
variant = "northeast"
phase = "tribute"
levels = ["3", "3"]
last_finish = [0, 2]
hands = ["9C 5D", "3S 4S 6D", "2S 6H 9D", "4H 8C"]
[[case]]
id = "no-heart-three"
rules = ["4A4-TRIB-9"]
kind = "play"
position = "p"
moves = ["1: tribute 3S", "3: tribute 8C", "0: return 3S", "2: return 2S"]
expect = "legal"
"""
    if phase == "play":  # a first round dealt without a 3♥ under first_leader = "heart-three"
        with pytest.raises(PositionError, match="3♥"):
            Match(
                variant=load_variant("northeast"),
                seed=0,
                round=1,
                levels=(Rank.THREE, Rank.THREE),
                ruling=0,
                score=(0, 0),
                deal=tuple(Cards.parse(h) for h in ("9C 5D", "3S 4S 6D", "2S 6H 9D", "4H 8C")),
            )
        return
    case = load_case_text(text, base=".").cases[0]
    with pytest.raises(PositionError, match="3♥"):
        Match.from_position(case.position)
