"""Readers that check everything they read, in bounded time (issue 19, items 2, 3, 5 and 7).

A server reads states, views, matches, match views, results, standings and event logs from
strangers. Every reader checks the JSON type of a field before converting it, bounds every
integer by what the game allows and rebuilds what is derived, so that whatever it is given it
either refuses with one ``CardrulesError`` carrying a ``code``, quickly, or returns something that
plays on.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, Ruling, load_position, shengji, siyaosi
from cardrules.jsonio import JSON, JSONObject
from cardrules.judge import judge
from cardrules.limits import quote
from cardrules.records import read_record, replay
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


# ---------------------------------------------------------------- every reader, tampered at random
def _read_record_text(doc: Any) -> object:
    return read_record("tampered.json", text=_text(doc))


def _more_documents() -> list[tuple[str, Reader, JSONObject]]:
    """The readers :func:`_documents` leaves out: game records, rulings and match results."""
    finished = _walk(siyaosi.Match.new("classic", seed=1), 0, 10**5)[0]
    sj_match = _walk(shengji.Match.new("four-deck", seed=1), 2, 230)[0]
    four_match = _walk(siyaosi.Match.new("one-deck", seed=3), 0, 40)[0]
    position = load_position(
        {
            "game": "siyaosi",
            "variant": "classic",
            "seed": 7,
            "hands": ["3S 4S", "KH KD", "5S", "QH QD"],
            "leader": 0,
        }
    )
    ruling = judge(position, ["0: 3S", "1: KH KD"])
    return [
        ("siyaosi match-result", siyaosi.MatchResult.from_json, finished.result().to_json()),
        ("siyaosi record", _read_record_text, four_match.to_record().to_json()),
        ("shengji record", _read_record_text, sj_match.to_record().to_json()),
        ("siyaosi ruling", lambda d: Ruling.from_json(d, "siyaosi"), ruling.to_json()),
    ]  # fmt: skip


FUZZED = DOCUMENTS + _more_documents()

#: Values a hostile client puts anywhere: long strings, huge, negative and float numbers,
#: booleans, containers of the wrong shape, deep nesting.
_DEEP: JSON = []
for _ in range(100):
    _DEEP = [_DEEP]
HOSTILE: list[JSON] = [
    MEGABYTE,
    "x" * 5000,
    "3S " * 500,
    "BJ BJ BJ BJ BJ BJ BJ BJ BJ",
    BIG,
    -BIG,
    2**64,
    10**30,
    -(2**63),
    -1,
    0,
    7,
    True,
    False,
    1.0,
    0.5,
    None,
    "",
    "1",
    [],
    {},
    [0] * 10_000,
    [MEGABYTE],
    [BIG, BIG],
    _DEEP,
    {"seat": 1, "kind": "play", "cards": "3S"},
    {"format": 1, "game": "shengji", "type": "state"},
]
#: Every top-level field of every document, by key: another moment's, another type's or the
#: other game's value for the same field.
_FIELDS: dict[str, list[JSON]] = {}
for _what, _read, _doc in FUZZED:
    for _key, _value in _doc.items():
        _FIELDS.setdefault(_key, []).append(_value)

_DIGITS = {"\x00big": "1" + "0" * 5000, "\x00-big": "-1" + "0" * 5000}


def _text(doc: Any) -> str:
    """JSON text of ``doc``, a 10**5000 written out digit by digit as a hostile client would
    send it (Python's own writer refuses to)."""

    def mark(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        if value is BIG or (isinstance(value, int) and value == BIG):
            return "\x00big"
        if isinstance(value, int) and value == -BIG:
            return "\x00-big"
        return value

    text = json.dumps(mark(doc))
    for marker, digits in _DIGITS.items():
        text = text.replace(json.dumps(marker), digits)
    return text


@st.composite
def _tampered(draw: st.DrawFn) -> tuple[str, Reader, Any, JSONObject]:
    what, read, doc = draw(st.sampled_from(FUZZED))
    out: Any = copy.deepcopy(doc)
    how = draw(st.sampled_from(["value", "value", "value", "field", "whole", "drop"]))
    if how == "whole":  # another type's or the other game's document
        out = copy.deepcopy(draw(st.sampled_from(FUZZED))[2])
    places = [p for p in paths(out) if len(p) > 1 or p[0] not in ("format", "game", "type")]
    changed: list[Any] = []
    for _ in range(draw(st.integers(1, 2))):
        # a place not inside one changed already (paths listed parents first)
        free = [p for p in places if not any(p[: len(c)] == c for c in changed)]
        if not free:
            break
        place = draw(st.sampled_from(free))
        changed.append(place)
        if how == "field" and place[0] in _FIELDS:
            changed.append(place[:1])
            put(out, place[:1], copy.deepcopy(draw(st.sampled_from(_FIELDS[str(place[0])]))))
        elif how == "drop" and len(place) == 1:
            out.pop(place[0])
        else:
            put(out, place, draw(st.sampled_from(HOSTILE)))
    as_text = draw(st.booleans()) and "record" not in what
    return what, read, _text(out) if as_text else out, doc


def _plays_on(what: str, read: Reader, loaded: object) -> None:
    """A document that loads is one that could exist: it writes itself back, reads back the same,
    and (a state, view or match) answers ``legal_moves`` and plays a listed move."""
    if isinstance(loaded, tuple):  # an event log
        game = "shengji" if what.startswith("shengji") else "siyaosi"
        events = shengji if game == "shengji" else siyaosi
        again = events.events_to_json(loaded)
        assert events.events_to_json(read(again)) == again
        return
    if what.endswith("record"):  # replayed, or refused at the move that cannot be played
        try:
            replay(loaded)  # type: ignore[arg-type]
        except CardrulesError as err:
            assert err.code
        return
    doc = loaded.to_json()  # type: ignore[attr-defined]
    assert read(json.loads(_text(doc))).to_json() == doc  # type: ignore[attr-defined]
    if hasattr(loaded, "legal_moves"):
        legal = loaded.legal_moves()
        moves = list(itertools.islice(legal, 3)) if legal.listable() else []
        for move in moves:
            assert loaded.explain(move) is None  # type: ignore[attr-defined]
        if moves and hasattr(loaded, "apply"):
            loaded.apply(moves[0])


@settings(
    max_examples=300,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],  # no tracing: timed
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(_tampered())
def test_every_reader_refuses_tampered_documents_quickly_or_plays_on(
    case: tuple[str, Reader, Any, JSONObject],
) -> None:
    """A tampered document of every reader — strings where lists belong, huge, negative, boolean
    and float numbers, nested junk, other types' and the other game's documents — is refused
    with a ``CardrulesError`` carrying a code (within the 0.1 s budget of
    ``benchmarks/bench_readers.py``; asserted at 1 s, the test machine being shared), or loads
    into something that plays on."""
    what, read, tampered, _original = case
    start = time.perf_counter()
    try:
        loaded = read(tampered)
    except CardrulesError as err:
        elapsed = time.perf_counter() - start
        assert err.code, what
        assert len(str(err)) < 2000, what
        assert elapsed < 1.0, (what, elapsed)
        return
    assert time.perf_counter() - start < 1.0, what
    _plays_on(what, read, loaded)


def test_a_record_of_escaped_quotes_is_refused_in_linear_time() -> None:
    """The TOML depth scan once retried its string pattern at every quote after one left open:
    64 KB of escaped quotes took some 25 s, 1 MB minutes."""
    for text in ('"' + '\\"' * 32_000, "x = '" * 13_000, '"""' + '\\"' * 32_000):
        err = _refused_quickly(lambda t: read_record("quotes.toml", text=t), text)
        assert err.code == "bad-record"
