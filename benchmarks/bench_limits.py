"""The figures behind the input limits (README, "Limits on input"): sizes and counts of real files,
documents, records and listings, counted rather than timed, so a run on a busy machine prints
the same as one on a quiet machine (random play is seeded).

For each limit of :mod:`cardrules.limits` whose reason the README gives in figures, it prints the
figure from the files and games themselves:

* the spec's case files and the presets (what ``MAX_FILE_BYTES``, ``MAX_DEPTH``, ``MAX_CASES``
  and ``MAX_NAME_CHARS`` are measured against): the largest file, the most cases in one file,
  the longest case id, and the deepest nesting and the most dotted-key parts, counted the way
  the reader counts them (brackets and braces outside strings and comments, table headers
  included);
* JSON documents (``MAX_JSON_BYTES``, ``MAX_JSON_DEPTH``): the largest four-deck Shengji state of
  ``--rounds`` random rounds, its nesting depth, and a whole round's event log of each game;
* move text (``MAX_MOVE_TEXT``): a four-deck throw of 52 hearts, and an eight-deck hand of 104;
* game records (``MAX_RECORD_BYTES``, ``MAX_RECORD_MOVES``): ``--matches`` whole random
  four-deck Shengji matches, their TOML records' bytes, moves and moves per round;
* listings (``MAX_LISTED_MOVES``): over ``--rounds`` random four-deck Shengji rounds, how many
  moves each lead and each follow has, and the share of leads with more than the limit; the
  largest 四幺四 listing of random rounds at four decks (4 and 8 players). What listing costs in
  time is ``benchmarks/bench_choices.py``'s.

Run: ``python benchmarks/bench_limits.py [--rounds 100] [--matches 10]``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import tomllib
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path

from cardrules import shengji, siyaosi
from cardrules.events import write_events
from cardrules.legal import TooManyMovesError
from cardrules.limits import MAX_LISTED_MOVES
from cardrules.multiset import Cards

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ROOT / "src" / "cardrules"
SPEC_CASES = ROOT / "spec" / "cases"
# Strings and comments, which the reader removes before it counts brackets and dotted parts
# (the same patterns as cardrules.textio's scan).
_STRINGS_AND_COMMENTS = re.compile(
    r"""
      \"\"\"(?:[^"\\]++|\\[\s\S]|"(?!""))*+\"\"\""{0,2}
    | '''[\s\S]*?'''(?:'{0,2})
    | "(?:[^"\\\n]++|\\[^\n])*+"
    | '[^'\n]*'
    | \#[^\n]*
    """,
    re.VERBOSE,
)
_NESTING = {"[": 1, "{": 1, "]": -1, "}": -1}
# Text between the characters that end a dotted key's parts.
_KEY_SEGMENT = re.compile(r"[^=,\n\[\]{}]+")


def _toml_files() -> list[Path]:
    return sorted(SPEC_CASES.rglob("*.toml")) + sorted(PRESETS.glob("*/presets/*.toml"))


def _depth_and_parts(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets and braces and the most dotted parts of one key (outside
    strings and comments), as ``cardrules.textio`` counts them against ``MAX_DEPTH``."""
    skeleton = _STRINGS_AND_COMMENTS.sub("", text)
    steps = [_NESTING[c] for c in skeleton if c in _NESTING]
    depth = max(accumulate(steps), default=0)
    parts = max((s.count(".") + 1 for s in _KEY_SEGMENT.findall(skeleton) if s.strip()), default=1)
    return depth, parts


def _row(label: str, text: str) -> None:
    print(f"  {label:<32} {text}")


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def files() -> None:
    """The spec's case files and the presets."""
    paths = _toml_files()
    spec_files = len(list(SPEC_CASES.rglob("*.toml")))
    largest = max(paths, key=lambda p: p.stat().st_size)
    cases = {p: tomllib.loads(p.read_text(encoding="utf-8")).get("case", []) for p in paths}
    most = max(cases, key=lambda p: len(cases[p]))
    ids = [str(c.get("id", "")) for found in cases.values() for c in found]
    longest = max(ids, key=len)
    measured = {p: _depth_and_parts(p.read_text(encoding="utf-8")) for p in paths}
    deepest = max(measured, key=lambda p: measured[p][0])
    dotted = max(measured, key=lambda p: measured[p][1])
    print(
        f"TOML files: the spec's {spec_files} case files and the {len(paths) - spec_files} presets"
    )
    _row("largest file", f"{largest.stat().st_size:,} bytes ({_rel(largest)})")
    _row("most cases in one file", f"{len(cases[most]):,} ({_rel(most)})")
    _row("longest case id", f"{len(longest)} characters ({longest})")
    _row("deepest nesting", f"{measured[deepest][0]} levels ({_rel(deepest)})")
    _row("most dotted parts of a key", f"{measured[dotted][1]} ({_rel(dotted)})")


def _json_bytes(doc: object) -> int:
    return len(json.dumps(doc, ensure_ascii=False).encode("utf-8"))


def _json_depth(doc: object) -> int:
    if isinstance(doc, dict):
        return 1 + max((_json_depth(v) for v in doc.values()), default=0)
    if isinstance(doc, list):
        return 1 + max((_json_depth(v) for v in doc), default=0)
    return 0


def _shengji_round(seed: int) -> shengji.State:
    rng = random.Random(seed)
    return shengji.State.new(
        "four-deck", seed=seed, trump=rng.choice(["S", "H", "C", "D", "none"]), banker=seed % 4
    )


def _positions(state: shengji.State, rng: random.Random) -> Iterator[shengji.State]:
    yield state
    while not state.is_over:
        state = state.apply(state.random_move(rng))
        yield state


def _median_max(values: list[int], unit: str) -> str:
    return f"median {statistics.median(values):,.0f} {unit}, largest {max(values):,}"


def documents(rounds: int) -> None:
    """JSON documents: states, their depth, and a round's event log of each game."""
    sizes: list[int] = []
    depth = 0
    for seed in range(rounds):
        for state in _positions(_shengji_round(seed), random.Random(seed)):
            doc = state.to_json()
            sizes.append(_json_bytes(doc))
            depth = max(depth, _json_depth(doc))
    print(f"JSON documents (json.dumps, UTF-8 bytes): {rounds} random four-deck Shengji rounds")
    _row("a state", f"{_median_max(sizes, 'bytes')} ({len(sizes):,} positions)")
    _row("a state's nesting", f"{depth} levels at most")
    logs: list[int] = []
    for seed in range(rounds):
        state, rng, events = _shengji_round(seed), random.Random(seed), []
        while not state.is_over:
            state, happened = state.step(state.random_move(rng))
            events.extend(happened)
        logs.append(_json_bytes(write_events("shengji", events)))
    _row("a round's event log (the play)", _median_max(logs, "bytes"))
    first: list[int] = []
    for seed in range(min(rounds, 5)):
        match, rng, events = shengji.Match.new("four-deck", seed=seed), random.Random(seed), []
        while match.round_number == 1 and not match.is_over:
            match, happened = match.step(match.random_move(rng))
            events.extend(happened)
        first.append(_json_bytes(write_events("shengji", events)))
    _row(
        "a match's first round's log",
        f"{_median_max(first, 'bytes')} ({len(first)} matches; deal, bids and burial included)",
    )
    four: list[int] = []
    for seed in range(rounds):
        round_state, rng, events = siyaosi.State.new("classic", seed=seed), random.Random(seed), []
        while not round_state.is_over:
            round_state, happened = round_state.step(round_state.random_move(rng))
            events.extend(happened)
        four.append(_json_bytes(write_events("siyaosi", events)))
    _row("a 四幺四 classic round's log", f"{_median_max(four, 'bytes')} ({rounds} rounds)")


def move_text() -> None:
    """The longest plays a seat can send as text."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    four = Cards.parse(" ".join(f"{r}H" for r in ranks for _ in range(4)), decks=4)
    eight = Cards.parse(" ".join(f"{r}H" for r in ranks for _ in range(8)), decks=8)
    print("Move text")
    _row(f"a four-deck throw of {len(four)} hearts", f"{len(f'0: {four}')} characters")
    _row(f"an eight-deck hand of {len(eight)} hearts", f"{len(f'0: {eight}')} characters")


def records(matches: int) -> None:
    """Game records of whole random four-deck Shengji matches."""
    sizes: list[int] = []
    moves: list[int] = []
    rounds: list[int] = []
    for seed in range(1, matches + 1):
        match, rng = shengji.Match.new("four-deck", seed=seed), random.Random(seed)
        while not match.is_over:
            match = match.apply(match.random_move(rng))
        record = match.to_record()
        sizes.append(len(record.to_toml().encode("utf-8")))
        moves.append(len(record.moves))
        rounds.append(match.round_number)
    print(f"Game records (TOML): {matches} whole random four-deck Shengji matches")
    _row("a record", _median_max(sizes, "bytes"))
    _row("its moves", _median_max(moves, "moves"))
    _row("its rounds", _median_max(rounds, "rounds"))
    _row("moves per round", f"{sum(moves) / sum(rounds):,.0f} on average")


def _count(state: shengji.State) -> int | None:
    """The moves of the seat to act, ``None`` for a follow too large to count."""
    try:
        return state.legal_moves().count()
    except TooManyMovesError:
        return None


def listings(rounds: int) -> None:
    """How many moves leads and follows have, and the largest 四幺四 listing."""
    leads: list[int] = []
    follows: list[int] = []
    uncounted = 0
    for seed in range(rounds):
        for state in _positions(_shengji_round(seed), random.Random(seed)):
            if state.is_over:
                continue
            n = _count(state)
            if n is None:
                uncounted += 1
            elif state.top is None:
                leads.append(n)
            else:
                follows.append(n)
    over = sum(1 for n in leads if n > MAX_LISTED_MOVES)
    print(
        f"Listings (MAX_LISTED_MOVES {MAX_LISTED_MOVES:,}): {rounds} random four-deck "
        "Shengji rounds"
    )
    _row(
        f"leads ({len(leads):,})",
        f"{over / len(leads):.1%} over the limit; {_median_max(leads, 'moves')}",
    )
    _row(
        f"follows ({len(follows):,})",
        f"largest {max(follows):,} moves; {uncounted} too large to count",
    )
    for players in (4, 8):
        variant = siyaosi.load_variant("classic", overrides={"decks": 4, "players": players})
        largest = 0
        for seed in range(rounds):
            state, rng = siyaosi.State.new(variant, seed=seed), random.Random(seed)
            while not state.is_over:
                largest = max(largest, state.legal_moves().count())
                state = state.apply(state.random_move(rng))
        _row(f"四幺四 classic, 4 decks, {players} players", f"largest listing {largest:,} moves")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="random rounds (default 100)")
    parser.add_argument("--matches", type=int, default=10, help="random matches (default 10)")
    args = parser.parse_args()
    files()
    documents(args.rounds)
    move_text()
    records(args.matches)
    listings(args.rounds)


if __name__ == "__main__":
    main()
