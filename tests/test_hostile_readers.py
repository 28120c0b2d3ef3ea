"""Readers that check everything they read, in bounded time (issue 19, items 2, 3, 5 and 7).

A server reads states, views, matches, match views, results, standings and event logs from
strangers. Every reader checks the JSON type of a field before converting it, bounds every
integer by what the game allows and rebuilds what is derived, so that whatever it is given it
either refuses with one ``CardrulesError`` carrying a ``code``, quickly, or returns something that
plays on.
"""

from __future__ import annotations

import copy
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from cardrules import CardrulesError, shengji, siyaosi
from cardrules.jsonio import JSONObject
from cardrules.limits import quote
from cardrules.testing.tamper import paths, put

BIG = 10**5000
MEGABYTE = "x" * (1 << 20)
Reader = Callable[[Any], object]


def _walk(state: Any, seed: int, steps: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    events: list[Any] = []
    for _ in range(steps):
        if state.is_over:
            break
        state, happened = state.step(state.random_move(rng))
        events.extend(happened)
    return state, events


def _copy(doc: JSONObject, **changes: Any) -> JSONObject:
    out = copy.deepcopy(doc)
    out.update(changes)
    return out


def _refused_quickly(read: Reader, doc: object, limit: float = 1.0) -> CardrulesError:
    start = time.perf_counter()
    with pytest.raises(CardrulesError) as refused:
        read(doc)
    assert time.perf_counter() - start < limit
    assert refused.value.code
    return refused.value


# ---------------------------------------------------------------- documents to tamper with
def _shengji_round() -> tuple[Any, Any]:
    """A Shengji round in its 11th play, and the same round played to its end."""
    start = shengji.State.new("four-deck", seed=1, trump="H", banker=1)
    return _walk(start, 0, 10)[0], _walk(start, 0, 10**5)[0]


def _siyaosi_match_in_round(number: int) -> siyaosi.Match:
    match = siyaosi.Match.new("classic", seed=1)
    rng = random.Random(0)
    while match.round < number:
        match = match.apply(match.random_move(rng))
    return match


# ---------------------------------------------------------------- item 2: long strings
def _result_doc() -> JSONObject:
    doc: JSONObject = _shengji_round()[1].result().to_json()
    return doc


def _standing_doc() -> JSONObject:
    return shengji.Match.new(seed=1).standing.to_json()


@pytest.mark.parametrize(
    ("read", "doc", "key"),
    [
        (shengji.RoundResult.from_json, _result_doc, "penalties"),
        (shengji.MatchStanding.from_json, _standing_doc, "scores"),
        (shengji.MatchStanding.from_json, _standing_doc, "levels"),
    ],
    ids=["result-penalties", "standing-scores", "standing-levels"],
)
def test_a_long_string_where_a_list_belongs_is_refused_at_once(
    read: Reader, doc: Callable[[], JSONObject], key: str
) -> None:
    tampered = _copy(doc(), **{key: MEGABYTE})
    tracemalloc.start()
    try:
        err = _refused_quickly(read, tampered)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert key in str(err)
    assert peak < 10_000_000  # the string is not taken apart character by character


# ---------------------------------------------------------------- item 3: seats out of range
def _trick_of(match_view: Any) -> Any:
    play = match_view["play"]
    return None if play is None else play["trick"]


def test_a_view_whose_trick_names_a_seat_not_at_the_table_is_refused() -> None:
    state = _walk(siyaosi.State.new("classic", seed=1), 0, 3)[0]
    for seat in range(state.players):
        doc: Any = state.view(seat).to_json()
        assert doc["trick"]
        for i in range(len(doc["trick"])):
            for bad in (4, 7, 99, -1, 10**30):
                tampered = copy.deepcopy(doc)
                put(tampered, ("trick", i, "seat"), bad)
                _refused_quickly(siyaosi.View.from_json, tampered)
    match = _siyaosi_match_in_round(2)
    rng = random.Random(0)
    while not _trick_of(match.view(0).to_json()):  # past the tribute, into a trick
        match = match.apply(match.random_move(rng))
    doc = match.view(0).to_json()
    put(doc, ("play", "trick", 0, "seat"), 7)
    _refused_quickly(siyaosi.MatchView.from_json, doc)


# ---------------------------------------------------------------- item 5: huge integers
def test_quote_names_a_huge_integer_by_its_length() -> None:
    assert quote(BIG) == "an integer of 5001 digits"
    assert quote(-BIG) == "an integer of 5001 digits"
    assert quote(10**4299) == "an integer of 4300 digits"
    assert quote(12345) == "12345"
    assert "an integer of 5001 digits" in quote([1, BIG])
    assert "5001 digits" in quote({"seat": BIG})
    assert len(quote(10**4000)) < 100


def _documents() -> list[tuple[str, Reader, JSONObject]]:
    """One document of every reader, at a moment where most fields are set."""
    round_, ended = _shengji_round()
    match = shengji.Match.new("four-deck", seed=1)
    bidding = _walk(match, 2, 230)[0]
    four = _siyaosi_match_in_round(2)
    play = _walk(siyaosi.State.new("one-deck", seed=2), 1, 9)[0]
    finished = _walk(siyaosi.State.new("classic", seed=2), 1, 10**5)[0]
    sj_events = _walk(shengji.State.new(seed=4, trump="S"), 0, 12)[1]
    four_events = _walk(siyaosi.Match.new("one-deck", seed=4), 0, 60)[1]
    return [
        ("siyaosi state", siyaosi.State.from_json, play.to_json()),
        ("siyaosi view", siyaosi.View.from_json, play.view(1).to_json()),
        ("siyaosi result", siyaosi.RoundResult.from_json, finished.result().to_json()),
        ("siyaosi match", siyaosi.Match.from_json, four.to_json()),
        ("siyaosi match-view", siyaosi.MatchView.from_json, four.view(1).to_json()),
        ("siyaosi events", siyaosi.events_from_json, siyaosi.events_to_json(four_events)),
        ("siyaosi move", siyaosi.Move.from_json, siyaosi.Move.parse("1: cha 8S 8S").to_json()),
        ("shengji state", shengji.State.from_json, round_.to_json()),
        ("shengji view", shengji.View.from_json, round_.view(1).to_json()),
        ("shengji result", shengji.RoundResult.from_json, ended.result().to_json()),
        ("shengji match", shengji.Match.from_json, bidding.to_json()),
        ("shengji match-view", shengji.MatchView.from_json, bidding.view(2).to_json()),
        ("shengji standing", shengji.MatchStanding.from_json, bidding.standing.to_json()),
        ("shengji events", shengji.events_from_json, shengji.events_to_json(sj_events)),
        ("shengji move", shengji.Move.from_json, shengji.Move.parse("1: 8S 8S").to_json()),
    ]


DOCUMENTS = _documents()


@pytest.mark.parametrize(("what", "read", "doc"), DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_a_huge_integer_anywhere_is_refused_with_a_short_message(
    what: str, read: Reader, doc: JSONObject
) -> None:
    places = [p for p in paths(doc) if p[0] not in ("format", "game", "type")]
    for place in places[:400]:
        tampered = copy.deepcopy(doc)
        put(tampered, place, BIG)
        try:
            read(tampered)
        except CardrulesError as err:
            assert err.code
            assert len(str(err)) < 1000
        else:  # pragma: no cover - the assertion names the place
            raise AssertionError(f"{what}: 10**5000 accepted at {place}")


# ---------------------------------------------------------------- item 7: impossible values
def test_derived_fields_refuse_booleans_and_floats_that_compare_equal() -> None:
    state = siyaosi.State.new("classic", seed=1)  # seat 0 leads: turn 0, passes 0
    doc = state.to_json()
    assert doc["turn"] == 0 and doc["passes"] == 0
    for key in ("turn", "passes"):
        for odd in (False, 0.0):
            _refused_quickly(siyaosi.State.from_json, _copy(doc, **{key: odd}))
            view = state.view(0).to_json()
            _refused_quickly(siyaosi.View.from_json, _copy(view, **{key: odd}))
    sj = shengji.State.new("four-deck", seed=1, banker=1)
    doc = sj.to_json()
    assert doc["turn"] == 1
    for odd in (True, 1.0):
        _refused_quickly(shengji.State.from_json, _copy(doc, turn=odd))
        _refused_quickly(shengji.View.from_json, _copy(sj.view(1).to_json(), turn=odd))
    match = shengji.Match.new("four-deck", seed=1)
    doc = match.to_json()
    for odd in (float(doc["turn"]), bool(doc["turn"]) if doc["turn"] in (0, 1) else 1.0):  # type: ignore[arg-type]
        _refused_quickly(shengji.Match.from_json, _copy(doc, turn=odd))
    result = siyaosi.round_result(4, (1, 3), 1).to_json()
    assert result["emperor"] == 1 and result["next_ruling"] == 1
    _refused_quickly(siyaosi.RoundResult.from_json, _copy(result, emperor=True))
    _refused_quickly(siyaosi.RoundResult.from_json, _copy(result, next_ruling=1.0))


def test_impossible_shengji_round_results_are_refused() -> None:
    doc = _shengji_round()[1].result().to_json()
    shengji.RoundResult.from_json(doc)
    for change in (
        {"banker": -5},
        {"banker": 9},
        {"attacker_points": 10**30},
        {"banker_points": 10**30},
        {"penalties": [10**30, 0, 0, 0]},
        {"penalties": [0, 0, 0, 0, 0]},
        {"penalties": [-1, 0, 0, 0]},
    ):
        _refused_quickly(shengji.RoundResult.from_json, _copy(doc, **change))


def test_impossible_shengji_views_are_refused() -> None:
    round_, _ = _shengji_round()
    doc = round_.view(2).to_json()
    shengji.View.from_json(doc)
    for change in (
        {"points": [2**64, 0]},
        {"points": [10**8, 0]},
        {"points": [405, 0]},
        {"penalties": [10**30, 0, 0, 0]},
        {"penalties": [10**8, 0, 0, 0]},
        {"tricks_played": 50},
    ):
        _refused_quickly(shengji.View.from_json, _copy(doc, **change))
    # the kitty shown to a seat that is not the banker, mid-round (a hand emptied to pass for
    # a round that is over)
    banker_view = round_.view(round_.banker).to_json()
    sizes = list(doc["hand_sizes"])
    other = next(s for s in range(4) if s not in (2, round_.banker))
    sizes[other] = 0
    shown = _copy(doc, kitty=banker_view["kitty"], hand_sizes=sizes)
    _refused_quickly(shengji.View.from_json, shown)


def test_impossible_shengji_states_are_refused() -> None:
    round_, _ = _shengji_round()
    doc = round_.to_json()
    for change in ({"penalties": [10**30, 0, 0, 0]}, {"penalties": [7, 0, 0, 0]}):
        _refused_quickly(shengji.State.from_json, _copy(doc, **change))


def test_impossible_shengji_matches_and_standings_are_refused() -> None:
    match = shengji.Match.new("four-deck", seed=1)
    _refused_quickly(shengji.Match.from_json, _copy(match.to_json(), scores=[10**9, 0, 0, 0]))
    _refused_quickly(shengji.Match.from_json, _copy(match.to_json(), scores=[1, 0, 0, 0]))
    view = match.view(0).to_json()
    _refused_quickly(shengji.MatchView.from_json, _copy(view, scores=[10**9, 0, 0, 0]))
    standing = match.standing.to_json()
    for change in (
        {"scores": [10**9, 0, 0, 0]},
        {"round": 10**30},
        {"winner": 1},
        {"scores": [0, 0, 0, 0, 0, 0, 0]},
    ):
        _refused_quickly(shengji.MatchStanding.from_json, _copy(standing, **change))


def test_event_logs_refuse_seats_and_counts_the_game_does_not_have() -> None:
    sj = shengji.events_to_json(_walk(shengji.State.new(seed=1), 0, 3)[1])
    four = siyaosi.events_to_json(_walk(siyaosi.State.new(seed=1), 0, 3)[1])
    for read, doc in ((shengji.events_from_json, sj), (siyaosi.events_from_json, four)):
        for bad in (10**30, 8, -1, True, 1.0, "1"):
            tampered = copy.deepcopy(doc)
            put(tampered, ("events", 0, "seat"), bad)
            _refused_quickly(read, tampered)
        tampered = copy.deepcopy(doc)
        put(tampered, ("events", 0, "cards"), "3S " * 500)
        _refused_quickly(read, tampered)


def test_a_classic_siyaosi_match_keeps_no_score() -> None:
    match = _siyaosi_match_in_round(2)
    assert not match.variant.score_table
    for score in ([2**64, 0], [1, 0], [0, -1]):
        _refused_quickly(siyaosi.Match.from_json, _copy(match.to_json(), score=score))
        _refused_quickly(siyaosi.MatchView.from_json, _copy(match.view(0).to_json(), score=score))


def test_a_scoring_siyaosi_match_keeps_a_score_its_rounds_can_make() -> None:
    match = siyaosi.Match.new("one-deck", seed=1)
    doc = match.to_json()
    _refused_quickly(siyaosi.Match.from_json, _copy(doc, score=[1, 0]))  # round 1: no score yet
    later = _walk(match, 0, 200)[0]
    if later.round > 1 and not later.is_over:
        _refused_quickly(siyaosi.Match.from_json, _copy(later.to_json(), score=[10**300, 0]))


def test_documents_round_trip_unchanged() -> None:
    for what, read, doc in DOCUMENTS:
        again = read(json.loads(json.dumps(doc)))
        out = again.to_json() if hasattr(again, "to_json") else None  # events: a tuple
        assert out is None or out == doc, what
