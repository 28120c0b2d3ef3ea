"""How fast every JSON reader refuses the worst documents known for it (issue 19): each reader
of both games (states, views, matches, match views, round and match results, standings, event
logs, moves, game records, rulings) is given real documents of real positions made hostile — a
1 MB string where a list or a number belongs, ``10**5000`` in every number, nesting one level past
:data:`~cardrules.limits.MAX_JSON_DEPTH` (as text) or a hundred levels deep (as an object), a
string of escaped quotes as long as the text limit allows, the longest list a field allows.

Run: ``python benchmarks/bench_readers.py``. Prints, per reader, its slowest case with the time
and the peak memory (``tracemalloc``, measured in a second run), then the slowest case of each
kind of hostile document over every reader (the longest event log with its number of events),
and every case over the budget.
Budget: :data:`BUDGET` (0.1 s) per call, whether it refuses with a ``CardrulesError`` or loads;
the tests (``tests/test_hostile_readers.py``) assert a generous 1 s, the test machine being shared.
Before issue 19 a 1 MB string in a Shengji result's ``penalties`` took 16 s and 1.48 GB, and
``10**5000`` anywhere raised a bare ``ValueError`` while the message was built.
"""

from __future__ import annotations

import copy
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from cardrules import CardrulesError, Ruling, load_position, shengji, siyaosi
from cardrules.jsonio import JSON, JSONObject
from cardrules.judge import judge
from cardrules.limits import MAX_JSON_BYTES, MAX_JSON_DEPTH
from cardrules.records import read_record
from cardrules.testing.tamper import paths, put

#: Seconds one reader call may take on the worst document known for it.
BUDGET = 0.1
BIG = 10**5000
MEGABYTE = "x" * (1 << 20)
Reader = Callable[[Any], object]


def _walk(state: Any, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    return state


def _events(start: Any, steps: int) -> list[Any]:
    rng = random.Random(0)
    out: list[Any] = []
    for _ in range(steps):
        if start.is_over:
            break
        start, happened = start.step(start.random_move(rng))
        out.extend(happened)
    return out


def _text(doc: Any) -> str:
    """JSON text of ``doc``, ``10**5000`` written out digit by digit as a hostile client would
    send it (Python's own writer refuses to)."""
    if isinstance(doc, str):
        return doc

    def mark(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        return "\x00big" if type(value) is int and value == BIG else value

    return json.dumps(mark(doc)).replace('"\\u0000big"', "1" + "0" * 5000)


def _read_ruling(doc: Any) -> object:
    return Ruling.from_json(doc, "siyaosi")


def _read_record(text: str) -> object:
    return read_record("bench.json", text=text)


def documents() -> list[tuple[str, Reader, JSONObject]]:
    """``(reader name, reader, a real document of it)``, at moments where most fields are set."""
    sj_start = shengji.State.new("four-deck", seed=1, trump="H", banker=1)
    sj_round = _walk(sj_start, 0, 10)
    sj_ended = _walk(sj_start, 0, 10**5)
    sj_match = _walk(shengji.Match.new("four-deck", seed=1), 2, 230)
    four_match = _walk(siyaosi.Match.new("classic", seed=1), 0, 60)
    four_play = _walk(siyaosi.State.new("one-deck", seed=2), 1, 9)
    four_done = _walk(siyaosi.State.new("classic", seed=2), 1, 10**5)
    four_won = _walk(siyaosi.Match.new("classic", seed=1), 0, 10**5)
    position = load_position(
        {
            "game": "siyaosi",
            "variant": "classic",
            "seed": 7,
            "hands": ["3S 4S", "KH KD", "5S", "QH QD"],
            "leader": 0,
        }
    )
    sj_log = shengji.events_to_json(_events(shengji.State.new(seed=4, trump="S"), 40))
    four_log = siyaosi.events_to_json(_events(siyaosi.Match.new("one-deck", seed=4), 60))
    return [
        ("siyaosi state", siyaosi.State.from_json, four_play.to_json()),
        ("siyaosi view", siyaosi.View.from_json, four_play.view(1).to_json()),
        ("siyaosi result", siyaosi.RoundResult.from_json, four_done.result().to_json()),
        ("siyaosi match", siyaosi.Match.from_json, four_match.to_json()),
        ("siyaosi match-view", siyaosi.MatchView.from_json, four_match.view(1).to_json()),
        ("siyaosi match-result", siyaosi.MatchResult.from_json, four_won.result().to_json()),
        ("siyaosi events", siyaosi.events_from_json, four_log),
        ("siyaosi move", siyaosi.Move.from_json, siyaosi.Move.parse("1: cha 8S 8S").to_json()),
        ("siyaosi record", _read_record, four_match.to_record().to_json()),
        ("siyaosi ruling", _read_ruling, judge(position, ["0: 3S"]).to_json()),
        ("shengji state", shengji.State.from_json, sj_round.to_json()),
        ("shengji view", shengji.View.from_json, sj_round.view(1).to_json()),
        ("shengji result", shengji.RoundResult.from_json, sj_ended.result().to_json()),
        ("shengji match", shengji.Match.from_json, sj_match.to_json()),
        ("shengji match-view", shengji.MatchView.from_json, sj_match.view(2).to_json()),
        ("shengji standing", shengji.MatchStanding.from_json, sj_match.standing.to_json()),
        ("shengji events", shengji.events_from_json, sj_log),
        ("shengji move", shengji.Move.from_json, shengji.Move.parse("1: 8S 8S").to_json()),
        ("shengji record", _read_record, sj_match.to_record().to_json()),
    ]  # fmt: skip


def _changed(doc: JSONObject, place: tuple[str | int, ...], value: JSON) -> JSONObject:
    out = copy.deepcopy(doc)
    put(out, place, value)
    return out


def _longest_list(doc: JSONObject) -> JSONObject | None:
    """An event log at the text limit: its events repeated until the JSON text is just under
    :data:`MAX_JSON_BYTES` (the most a client can send as text)."""
    events = doc.get("events")
    if not isinstance(events, list) or not events:
        return None
    size = len(json.dumps(events)) // len(events) + 2
    out = copy.deepcopy(doc)
    out["events"] = (events * (MAX_JSON_BYTES // (size * len(events)) + 1))[
        : MAX_JSON_BYTES // size - 50
    ]
    return out


#: The kinds of hostile document, by how a case's name starts (after the reader's name).
KINDS = (
    ("1 MB string", "a 1 MB string in a field"),
    ("10**5000", "10**5000 in a number"),
    ("100 levels deep", "an object nested 100 deep"),
    ("JSON nested", f"JSON text nested {MAX_JSON_DEPTH + 1} deep"),
    ("escaped quotes", "escaped quotes at the text limit"),
    ("longest log", "the longest event log"),
)


def kind_of(what: str) -> str:
    """The kind of hostile document a case of :func:`reader_worst_cases` is."""
    case = what.split(": ", 1)[-1]
    return next((kind for prefix, kind in KINDS if case.startswith(prefix)), case)


def reader_worst_cases() -> list[tuple[str, Callable[[], object]]]:
    """``(what, call)`` for the worst documents known for every reader: a 1 MB string in each
    top-level field, ``10**5000`` in every number (the first 60 places), the JSON text nested one
    level too deep, an object nested a hundred levels deep, a text of escaped quotes at the size
    limit, and the longest event log the text limit admits. Each call refuses with a
    ``CardrulesError`` or loads; none may take longer than :data:`BUDGET`."""
    out: list[tuple[str, Callable[[], object]]] = []

    def add(what: str, read: Reader, doc: object) -> None:
        if read is _read_record:  # a record is read from its text, written beforehand
            doc = _text(doc)
        out.append((what, lambda: read(doc)))

    deep: JSON = []
    for _ in range(100):
        deep = [deep]
    for name, read, doc in documents():
        for key in doc:
            if key not in ("format", "game", "type"):
                add(f"{name}: 1 MB string as {key}", read, _changed(doc, (key,), MEGABYTE))
        numbers = [p for p in paths(doc) if type(_get(doc, p)) is int][:60]
        for place in numbers:
            add(f"{name}: 10**5000 at {_name(place)}", read, _changed(doc, place, BIG))
        lists = [p for p in paths(doc) if isinstance(_get(doc, p), list)]
        if lists:
            add(
                f"{name}: 100 levels deep at {_name(lists[0])}", read, _changed(doc, lists[0], deep)
            )
            nested = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
            text = json.dumps(_changed(doc, lists[0], "\x00")).replace('"\\u0000"', nested)
            add(f"{name}: JSON nested {MAX_JSON_DEPTH + 1} deep", read, text)
        quotes = '"' + '\\"' * (MAX_JSON_BYTES // 2 - 8)
        add(f"{name}: escaped quotes at the text limit", read, quotes)
        longest = _longest_list(doc)
        if longest is not None:
            logged = longest["events"]
            events = len(logged) if isinstance(logged, list) else 0
            log = f"{name}: longest log under the text limit ({events} events)"
            add(log, read, json.dumps(longest))
    return out


def _get(doc: JSON, place: tuple[str | int, ...]) -> JSON:
    for step in place:
        doc = doc[step]  # type: ignore[index]
    return doc


def _name(place: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in place).lstrip(".")


def _run(call: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        call()
    except CardrulesError as err:
        outcome = f"refused ({err.code})"
    else:
        outcome = "loaded"
    return time.perf_counter() - start, outcome


def _peak(call: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        _run(call)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def main() -> None:
    cases = reader_worst_cases()
    print(f"{len(cases)} hostile documents, budget {BUDGET * 1e3:.0f} ms per call")
    worst: dict[str, tuple[float, str, str, Callable[[], object]]] = {}
    by_kind: dict[str, tuple[float, str, str]] = {}
    over: list[str] = []
    for what, call in cases:
        seconds, outcome = _run(call)
        reader = what.split(":")[0]
        if seconds > worst.get(reader, (-1.0,))[0]:
            worst[reader] = (seconds, what, outcome, call)
        kind = kind_of(what)
        if seconds > by_kind.get(kind, (-1.0,))[0]:
            by_kind[kind] = (seconds, what, outcome)
        if seconds > BUDGET:
            over.append(f"  OVER BUDGET {seconds * 1e3:.1f} ms  {what}  {outcome}")
    print(f"{'reader':<22} {'slowest':>9} {'peak':>8}  case, outcome")
    for reader, (seconds, what, outcome, call) in worst.items():
        case = what.split(": ", 1)[1]
        print(f"{reader:<22} {seconds * 1e3:>6.1f} ms {_peak(call):>5.1f} MB  {case}, {outcome}")
    print(f"\n{'kind of document':<34} {'slowest':>9}  reader, case, outcome")
    for _, kind in KINDS:
        if kind in by_kind:
            seconds, what, outcome = by_kind[kind]
            print(f"{kind:<34} {seconds * 1e3:>6.1f} ms  {what}, {outcome}")
    print("\n".join(over) if over else f"every call within {BUDGET * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
