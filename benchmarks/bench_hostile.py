"""How fast hostile input is refused, and the worst case of every public entry point.

1. The worst inputs of the hostile-input review, built in a temporary folder, each given to the
   reader it targets: the time to refusal, the memory the refusal allocated (``tracemalloc``,
   measured in a second run) and the error class. Target: every input refused in well under a
   second with a ``CardrulesError`` (before the limits: a 55 MB variant file took 52 s and
   720 MB, a card text of ten million tokens several seconds, 2,000 nested arrays a
   ``RecursionError``).
2. The worst case per entry point (issue 19): for each public call, the slowest of many inputs
   the limits admit — every position of whole random rounds at the largest tables (四幺四 with
   four decks, Shengji with eight), inputs at the size limits, whole matches and their records —
   with its CPU time and its peak memory (``tracemalloc``, a second run). The budget is
   :data:`BUDGET_SECONDS` and :data:`BUDGET_BYTES` per call — per move (:data:`BUDGET_PER_MOVE`)
   for a call that replays a whole record, whose single steps (``records.iter_steps``) are
   measured against the per-call budget; a call over it is marked and the run exits 1. The
   cases of ``benchmarks/bench_follow.py`` (``worst_follow_cases()``, the Shengji follow check)
   and ``benchmarks/bench_readers.py`` (``reader_worst_cases()``, the JSON readers) are
   included when those files are present.

Run: ``python benchmarks/bench_hostile.py [--worst-only] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardrules import (
    CardrulesError,
    Cards,
    load_position,
    load_variant,
    parse_move_text,
    shengji,
    siyaosi,
)
from cardrules.cases import load_case_file
from cardrules.cli import main as cli
from cardrules.limits import MAX_CASES, MAX_EXTENDS, MAX_FILE_BYTES

GAME = 'game = "siyaosi"\n'
HEAD = GAME + 'name = "hostile"\nextends = "classic"\n'
CASE = '[[case]]\nid = "c{n}"\nkind = "classify"\ncards = "0: 6H"\nexpect = "single"\n'


def _write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        text = text.encode("utf-8")
    path.write_bytes(text)
    return path


def _inputs(folder: Path) -> list[tuple[str, Callable[[], object]]]:
    """``(what, call)`` for each hostile input; each call is expected to raise."""
    tokens = "4S " * 10**7
    move_like = " ".join(str(c) for c in Cards.parse("3S 4H 5C 6D 7S 8H 9C 10D JS QH KC AD"))
    move_like = (move_like + " ") * (3_000_000 // (len(move_like) + 1))
    keys = _write(folder / "keys.toml", HEAD + "".join(f"k{n} = {n}\n" for n in range(3_000_000)))
    deep_2000 = _write(folder / "deep2000.toml", HEAD + "x = " + "[" * 2000 + "]" * 2000 + "\n")
    deep_open = _write(folder / "deep100k.toml", HEAD + "x = " + "[" * 100_000 + "\n")
    brackets = _write(folder / "brackets.toml", "[" * 100_000 + "]" * 100_000)
    dotted = _write(folder / "dotted.toml", HEAD + "a" + ".a" * 30_000 + " = 1\n")
    binary = _write(folder / "binary.toml", bytes(range(256)) * 100)
    for n in range(50):
        _write(folder / "chain" / f"v{n}.toml", f'game = "siyaosi"\nextends = "v{n + 1}.toml"\n')
    _write(folder / "chain" / "v50.toml", HEAD)
    _write(folder / "loop" / "a.toml", 'game = "siyaosi"\nextends = "b.toml"\n')
    _write(folder / "loop" / "b.toml", 'game = "siyaosi"\nextends = "a.toml"\n')
    self_loop = _write(folder / "sub" / "loop.toml", f"{GAME}extends = '../sub/loop.toml'\n")
    outside = _write(folder / "in" / "v.toml", f"{GAME}extends = '../../../../etc/x.toml'\n")
    many = "format = 1\n" + "".join(CASE.format(n=n) for n in range(MAX_CASES + 1))
    cases = _write(folder / "cases.toml", many)
    huge_cases = _write(folder / "cases-huge.toml", "format = 1\n" + CASE.format(n=0) * 700_000)
    chain = folder / "chain" / "v0.toml"
    return [
        ("card text of 10^7 tokens", lambda: Cards.parse(tokens)),
        ("card text of 3 MB", lambda: Cards.parse(move_like)),
        ("move text of 3 MB (notation)", lambda: parse_move_text("0: " + move_like)),
        (f"variant file {_mb(keys)}, 3e6 keys", lambda: load_variant(keys)),
        ("variant file nested 2,000 deep", lambda: load_variant(deep_2000)),
        ("variant file nested 100,000 deep", lambda: load_variant(deep_open)),
        (f"{_kb(brackets)} of nested brackets", lambda: load_variant(brackets)),
        ("dotted key of 30,000 parts", lambda: load_variant(dotted)),
        ("binary file as a variant", lambda: load_variant(binary)),
        (f"extends chain of 50 (limit {MAX_EXTENDS})", lambda: load_variant(chain)),
        ("extends loop a -> b -> a", lambda: load_variant(folder / "loop/a.toml")),
        ("extends ../sub/loop.toml", lambda: load_variant(self_loop)),
        ("extends outside the folder", lambda: load_variant(outside)),
        ("preset name of 300 characters", lambda: load_variant("a" * 300)),
        (f"case file of {MAX_CASES + 1} cases", lambda: load_case_file(cases)),
        (f"case file of {_mb(huge_cases)}", lambda: load_case_file(huge_cases)),
        (f"cardrules variant show ({_mb(keys)})", lambda: _cli("variant", "show", str(keys))),
        ("cardrules spec on all these files", lambda: _cli("spec", str(folder))),
    ]


def _mb(path: Path) -> str:
    return f"{path.stat().st_size / 1e6:.0f} MB"


def _kb(path: Path) -> str:
    return f"{path.stat().st_size / 1e3:.0f} KB"


def _cli(*argv: str) -> None:
    """The command line; its exit code is the outcome (2: refused, 1: failures reported)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli(list(argv))
    raise SystemExit(code)


def _refuse(call: Callable[[], object]) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        call()
    except CardrulesError as err:
        outcome = type(err).__name__
    except SystemExit as done:
        outcome = f"exit {done.code}"
    else:
        outcome = "ACCEPTED"
    return time.perf_counter() - start, outcome


def _peak(call: Callable[[], object]) -> float:
    tracemalloc.start()
    try:
        _refuse(call)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def _largest_accepted(folder: Path) -> tuple[float, str]:
    """The slowest file under the size limit to parse (an array of small integers): the bound
    on what any file costs before it can be judged."""
    body = "x = [" + "1," * ((MAX_FILE_BYTES - len(HEAD) - 10) // 2) + "]\n"
    return _refuse(lambda: load_variant(_write(folder / "largest.toml", HEAD + body)))


# ---------------------------------------------------------------------- the worst case per call
#: The budget of one call (issue 19: "no call of the benchmark takes longer than 0.5 s or 100 MB
#: on any position the limits admit").
BUDGET_SECONDS = 0.5
BUDGET_BYTES = 100 * 1024 * 1024
#: A call that replays a whole game record does work in proportion to its moves, by design (it
#: proves every move and the result): its budget is per move, and a server bounds a stranger's
#: record by stepping it (``records.iter_steps``, one move's work per step, within the per-call
#: budget above).
BUDGET_PER_MOVE = 100e-6
#: The entry points that replay a whole record in one call.
WHOLE_RECORD = ("records.replay", "records.render", "Match.from_record", "cardrules replay")

Case = tuple[str, Callable[[], object]]


def _timed(call: Callable[[], object]) -> float:
    """Seconds of this process's CPU one call takes (a refusal with a ``CardrulesError`` counts
    as an answer). CPU time, not the wall clock: every call measured runs in this process on one
    thread, and on a machine shared with other work the wall clock measures the neighbours (a run
    under a load of 4 read three times the figures of a quiet one)."""
    start = time.process_time()
    with contextlib.suppress(CardrulesError, SystemExit):
        call()
    return time.process_time() - start


def _state_cases(entry: str, state: Any, rng: random.Random) -> Iterator[tuple[str, Case]]:
    """``(entry point, (input, call))`` for the calls of a state (or a match) at one position."""
    where = f"{state.variant.name} {state.variant.decks}d {state.variant.players}p"
    listing = state.legal_moves()
    mover = state.turn if state.turn is not None else 0
    hand = state.hands[mover]
    yield f"{entry}.legal_moves().count()", (where, listing.count)
    yield f"{entry}.legal_moves() (listed)", (where, lambda: sum(1 for _ in state.legal_moves()))
    yield f"{entry}.random_move", (where, lambda: state.random_move(random.Random(1)))
    yield f"{entry}.view", (where, lambda: state.view(mover))
    yield f"{entry}.to_json", (where, state.to_json)
    document = state.to_json()
    yield f"{entry}.from_json", (where, lambda: type(state).from_json(document))
    if state.turn is None:
        return
    move = state.random_move(rng)
    yield f"{entry}.explain", (f"{where}, a legal move", lambda: state.explain(move))
    yield f"{entry}.apply", (where, lambda: state.apply(move))
    whole = f"{mover}: {hand}"  # the whole hand at once: the largest play a seat can send
    yield f"{entry}.parse_move", (f"{where}, the whole hand", lambda: state.parse_move(whole))
    with contextlib.suppress(CardrulesError):
        big = state.parse_move(whole)
        yield f"{entry}.explain", (f"{where}, the whole hand", lambda: state.explain(big))


def _round_cases(entry: str, state: Any, rng: random.Random) -> Iterator[tuple[str, Case]]:
    """The cases of every position of one random round from ``state``."""
    while True:
        yield from _state_cases(entry, state, rng)
        if state.turn is None:
            return
        state = state.apply(state.random_move(rng))


def _match_cases(rng: random.Random, folder: Path) -> Iterator[tuple[str, Case]]:
    """Whole matches: a new one, one played to the end by bots, its record written, read,
    replayed, rendered and rebuilt, and the command line replaying and judging it."""
    from cardrules.bots import RandomBot, play_round
    from cardrules.records import read_record, render, replay

    bots: list[Any] = [RandomBot()] * 4
    for game, match_type, variant in (
        ("siyaosi", siyaosi.Match, siyaosi.load_variant("classic")),
        ("shengji", shengji.Match, shengji.load_variant("four-deck", overrides={"decks": 8})),
    ):
        where = f"{variant.name} {variant.decks}d"
        yield f"{game}.Match.new", (where, lambda m=match_type, v=variant: m.new(v, seed=5))
        match = match_type.new(variant, seed=5)
        for _ in range(3):  # a few rounds: a record of a long match
            match, _ = play_round(match, bots, rng)
            if match.is_over:
                break
        record = match.to_record()
        where = f"{where}, {len(record.moves)} moves"
        path = folder / f"{game}-record.toml"
        record.write(path)
        yield "records.read_record", (where, lambda p=path: read_record(p))
        yield "records.replay", (where, lambda r=record: replay(r))
        yield "records.render", (where, lambda r=record: render(r))
        yield f"{game}.Match.from_record", (where, lambda m=match_type, r=record: m.from_record(r))
        yield f"{game}.Match.to_record", (where, match.to_record)
        yield "cardrules replay", (where, lambda p=path: _cli("replay", str(p)))
        one = _OneStep(record)
        for _ in record.moves:  # every step of the record, each one call
            yield "records.iter_steps (one step)", (where, one)
        yield from _state_cases(f"{game}.Match", match, rng)


class _OneStep:
    """Each call takes the next step of a record's replay (from the start again after the last):
    the cost of one step of ``records.iter_steps``."""

    def __init__(self, record: Any) -> None:
        self.record = record
        self.steps: Iterator[object] = iter(())

    def __call__(self) -> object:
        from cardrules.records import iter_steps

        for step in self.steps:
            return step
        self.steps = iter_steps(self.record)  # dealing the game is the first step's work
        return next(self.steps)


def _limit_cases(folder: Path) -> Iterator[tuple[str, Case]]:
    """Inputs at the size limits, which the readers take (or refuse) whole."""
    from cardrules.judge import judge
    from cardrules.limits import MAX_CARD_TOKENS, MAX_MOVE_TEXT

    most = " ".join(["3S"] * MAX_CARD_TOKENS)
    yield (
        "Cards.parse",
        (f"{MAX_CARD_TOKENS} tokens (the limit)", lambda: Cards.parse(most, decks=8)),
    )
    long_move = "0: " + " ".join(["10S"] * ((MAX_MOVE_TEXT - 3) // 4))
    yield "parse_move_text", (f"{len(long_move)} characters", lambda: parse_move_text(long_move))
    body = "x = [" + "1," * ((MAX_FILE_BYTES - len(HEAD) - 10) // 2) + "]\n"
    largest = _write(folder / "largest.toml", HEAD + body)
    yield (
        "load_variant",
        (f"{MAX_FILE_BYTES // 1024} KiB file of integers", lambda: load_variant(largest)),
    )
    for n in range(MAX_EXTENDS):
        _write(folder / "ext" / f"v{n}.toml", f'game = "siyaosi"\nextends = "v{n + 1}.toml"\n')
    _write(folder / "ext" / f"v{MAX_EXTENDS}.toml", HEAD)
    chain = folder / "ext" / "v0.toml"
    yield (
        "load_variant",
        (f"extends chain of {MAX_EXTENDS} (the limit)", lambda: load_variant(chain)),
    )
    # Shengji at eight decks: a player holding every heart of the eight decks (104 cards).
    hearts = " ".join(
        f"{r}H"
        for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        for _ in range(8)
    )
    table = {
        "game": "shengji",
        "variant": "four-deck",
        "overrides": {"decks": 8},
        "levels": ["2", "2"],
        "trump": "S",
        "banker": 0,
        "hands": [hearts, "3C 4C", "3C 4C", "3C 4C"],
    }
    yield "load_position", ("Shengji 8d, one hand of 104 hearts", lambda: load_position(table))
    position = load_position(table)
    state = shengji.State.from_position(position)
    yield (
        "shengji.State.from_position",
        ("8d, 104 hearts", lambda: shengji.State.from_position(position)),
    )
    yield "shengji.State.legal_moves().count()", ("8d lead, 104 hearts", state.legal_moves().count)
    yield (
        "shengji.State.explain",
        ("8d, a throw of 104 hearts", lambda: state.explain(state.parse_move(f"0: {hearts}"))),
    )
    chain_position = load_position(
        {
            "game": "siyaosi",
            "variant": "classic",
            "leader": 0,
            "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
        }
    )
    yield (
        "judge",
        (
            "四幺四 classic, 4 moves",
            lambda: judge(chain_position, ["0: 8S", "1: pass", "2: pass", "3: pass"]),
        ),
    )
    cases = "format = 1\n" + "".join(CASE.format(n=n) for n in range(MAX_CASES))
    case_file = _write(folder / "cases-limit.toml", cases)
    yield (
        "cases.load_case_file",
        (f"{MAX_CASES} cases (the limit)", lambda: load_case_file(case_file)),
    )
    yield "cardrules spec", (f"{MAX_CASES} cases (the limit)", lambda: _cli("spec", str(case_file)))


def _other_cases() -> Iterator[tuple[str, Case]]:
    """The follow check's and the readers' worst cases, from their own benchmarks if present."""
    here = str(Path(__file__).resolve().parent)
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        from bench_follow import worst_follow_cases  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print("(benchmarks/bench_follow.py not present: no follow-check cases)")
    else:
        for what, call in worst_follow_cases():
            yield "shengji follow check", (what, call)
    try:
        from bench_readers import reader_worst_cases  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        print("(benchmarks/bench_readers.py not present: no reader cases)")
    else:
        for what, call in reader_worst_cases():
            entry, _, rest = what.partition(": ")
            yield (entry, (rest or what, call)) if rest else ("JSON readers", (what, call))


def worst_cases(rounds: int, folder: Path) -> Iterator[tuple[str, Case]]:
    """Every ``(entry point, (input, call))`` the worst-case section measures."""
    rng = random.Random(19)
    tables: list[tuple[str, Any]] = []
    for seed in range(rounds):
        for decks, players in ((4, 4), (4, 8), (1, 4)):
            v = siyaosi.load_variant("classic", overrides={"decks": decks, "players": players})
            tables.append(("siyaosi.State", siyaosi.State.new(v, seed=seed)))
        for decks in (8, 4):
            v = shengji.load_variant("four-deck", overrides={"decks": decks})
            trump = rng.choice(["S", "H", "none"])
            tables.append(("shengji.State", shengji.State.new(v, seed=seed, trump=trump, banker=0)))
    for entry, state in tables:
        yield from _round_cases(entry, state, rng)
    yield from _match_cases(rng, folder)
    yield from _limit_cases(folder)
    yield from _other_cases()


def _peak_bytes(call: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        with contextlib.suppress(CardrulesError, SystemExit):
            call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def worst_case_table(rounds: int) -> list[tuple[str, str, float, int]]:
    """``(entry point, worst input, seconds, peak bytes)``: the slowest call found per entry
    point, its peak memory (measured in another call). An input that would be the slowest so far
    is timed twice and the faster time kept: on a shared machine a call can be preempted, and the
    slowest of thousands of single timings would be the machine's worst moment, not the input's
    (a second call may find a little of its work cached: the shape caches of the games)."""
    slowest: dict[str, tuple[float, str, Callable[[], object]]] = {}
    with tempfile.TemporaryDirectory() as name:
        here = Path.cwd()
        os.chdir(name)  # nothing is written outside the temporary folder
        try:
            for entry, (what, call) in worst_cases(rounds, Path(name)):
                seconds = _timed(call)
                if entry in slowest and seconds <= slowest[entry][0]:
                    continue
                seconds = min(seconds, _timed(call))  # a preempted call is not the input's cost
                if entry not in slowest or seconds > slowest[entry][0]:
                    slowest[entry] = (seconds, what, call)
            return [
                (entry, what, seconds, _peak_bytes(call))
                for entry, (seconds, what, call) in sorted(slowest.items())
            ]
        finally:
            os.chdir(here)


def _record_moves(entry: str, what: str) -> int | None:
    """The moves of the record a whole-record entry replayed (its budget is per move), else
    ``None``."""
    found = re.search(r"(\d+) moves", what)
    return int(found[1]) if entry.endswith(WHOLE_RECORD) and found else None


def print_worst_cases(rounds: int) -> bool:
    """Print the worst-case table; ``True`` if every call kept within the budget."""
    rows = worst_case_table(rounds)
    print(
        f"\nWorst case per entry point (budget {BUDGET_SECONDS:g} s / "
        f"{BUDGET_BYTES // (1024 * 1024)} MB per call; 'OVER' marks a call beyond it)"
    )
    print(f"{'entry point':<40} {'worst input':<52} {'time':>10} {'peak':>9}")
    within = True
    for entry, what, seconds, peak in rows:
        moves = _record_moves(entry, what)
        budget = BUDGET_SECONDS if moves is None else BUDGET_PER_MOVE * moves
        over = seconds > budget or peak > BUDGET_BYTES
        within = within and not over
        mark = "  OVER" if over else ""
        print(f"{entry:<40} {what[:52]:<52} {seconds * 1e3:>7.1f} ms {peak / 1e6:>6.1f} MB{mark}")
    print(
        "Per move of the record, the calls given a whole record (a whole record's replay is "
        f"judged per move: budget {BUDGET_PER_MOVE * 1e6:.0f} µs a move):"
    )
    for entry, what, seconds, _ in rows:  # a record's cost grows with its moves
        found = re.search(r"(\d+) moves", what)
        if found and not entry.startswith("records.iter_steps"):
            moves = int(found[1])
            print(f"  {entry}: {seconds / moves * 1e6:.1f} µs a move ({moves} moves)")
    verdict = "all within" if within else "SOME OVER"
    print(f"{len(rows)} entry points: {verdict} the budget of {BUDGET_SECONDS:g} s / 100 MB")
    return within


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worst-only", action="store_true", help="only the worst-case table")
    parser.add_argument("--rounds", type=int, default=3, help="random rounds per table")
    args = parser.parse_args()
    if not args.worst_only:
        print(f"{'input':<36} {'refused in':>11} {'allocated':>10}  outcome")
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            for what, call in _inputs(folder):
                seconds, outcome = _refuse(call)
                print(f"{what:<36} {seconds * 1e3:>8.1f} ms {_peak(call):>7.1f} MB  {outcome}")
            seconds, outcome = _largest_accepted(folder)
            what = f"worst {MAX_FILE_BYTES // 1024} KiB file (parsed)"
            print(f"{what:<36} {seconds * 1e3:>8.1f} ms {'':>10}  {outcome}")
    sys.exit(0 if print_worst_cases(args.rounds) else 1)


if __name__ == "__main__":
    main()
