"""A hostile client's probe of every public entry point (issue 19: "a second probe of the same
size finds nothing mishandled").

About 50,000 inputs a hostile client could send, each given to the entry point it targets:

* Python calls with wrong types, huge, negative, boolean and float numbers, Unicode oddities
  (spaces that are not ASCII, digits of other scripts, surrogates, NUL) and long strings — to the
  states', views' and matches' methods of both games in every phase, to the core readers
  (``Cards.parse``, ``parse_move_text``, ``load_variant``, ``load_position`` …), to the games'
  functions (``classify``, ``beats``, the follow helpers, ``settle`` …), to the judge, the case
  runner, the records, the simulation and the bots;
* the command line (in this process) with odd arguments and odd files;
* case files and game records, mutated from real ones;
* JSON documents, tampered from real ones, to every ``from_json`` reader.

Each outcome is one of: **accepted and sound** (the answer checks out: a listed move is legal,
a parsed text reads back …), **refused** with a :class:`~cardrules.errors.CardrulesError` carrying
a known code (for ``explain``, ``is_legal`` and ``grounds``, answering "illegal" is the refusal),
or **mishandled**: another exception, an error without a known code, a bad input accepted, an
unsound answer, a traceback or a second line from the command line (or exit 3), a call slower
than its budget in CPU time (0.5 s, more for a call that plays whole games by design), one
allocating more than 100 MB, or a changed input (a state's document, or any file of the
checkout: every call runs in a temporary working folder, and the real case files are given as
copies). It prints the counts and the first examples of each mishandled kind, and exits 1 if
anything was mishandled.

Run: ``python benchmarks/probe_hostile.py [--quick | --scale F] [--limit N] [--seed N]
[--examples K] [--only SECTION]``. ``--quick`` probes a sample of about a twentieth (a few
thousand inputs); ``--scale`` any share; ``--limit`` stops after N inputs
(``tests/test_probe_hostile.py`` runs a few hundred through :func:`run_all`).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import itertools
import json
import math
import os
import random
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import cardrules
from cardrules import CardrulesError, Cards, Illegal, shengji, siyaosi
from cardrules.codes import CodeTable
from cardrules.errors import ERROR_CODES

#: A call slower than this is mishandled (unless its probe allows more: a call that plays
#: whole games by design) — the issue's budget for one request.
BUDGET = 0.5
#: A call allocating more than this many bytes (tracemalloc's peak) is mishandled.
MEMORY = 100 * 1024 * 1024
#: A call still running after this many seconds is stopped and counted slow.
STOP = 5.0
#: The time one more game of ``cardrules simulate`` may take (a whole random 四幺四 match: about
#: 0.05 s on a quiet machine, ten times that when the machine is shared).
SIMULATED_GAME = 0.5
#: Calls slower than this are run again under tracemalloc for their peak memory.
MEASURE_ABOVE = 0.02

MISHANDLED = (
    "crash",
    "no-code",
    "accepted-bad",
    "unsound",
    "slow",
    "memory",
    "cli-exit",
    "cli-lines",
    "changed",
)


# ---------------------------------------------------------------------- probes and outcomes
@dataclass
class Probe:
    """One input to one entry point: ``call`` makes the call; ``bad`` says the input must be
    refused; ``sound`` checks an accepted answer (a problem's description, or ``None``);
    ``refusal`` says whether a returned answer is a refusal (``explain`` returning an
    ``Illegal``); ``budget`` is the time the call may take."""

    section: str
    entry: str
    what: str
    call: Callable[[], object]
    bad: bool
    sound: Callable[[object], str | None] | None = None
    refusal: Callable[[object], bool] | None = None
    budget: float = BUDGET
    cli: bool = False


@dataclass
class Outcome:
    """What one probe found."""

    probe: Probe
    kind: str
    detail: str = ""
    seconds: float = 0.0
    peak: int = 0


@dataclass
class Report:
    """Every outcome, counted, with the first examples of each mishandled kind, and the slowest
    call and the largest allocation per entry point."""

    counts: Counter[str] = field(default_factory=Counter)
    by_section: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: dict[str, list[Outcome]] = field(default_factory=dict)
    slowest: dict[str, Outcome] = field(default_factory=dict)
    largest: dict[str, Outcome] = field(default_factory=dict)

    def add(self, outcome: Outcome, keep: int) -> None:
        kind = outcome.kind
        self.counts[kind] += 1
        self.by_section[outcome.probe.section, kind] += 1
        if kind in MISHANDLED:
            found = self.examples.setdefault(kind, [])
            if len(found) < keep:
                found.append(outcome)
        entry = outcome.probe.entry
        if entry not in self.slowest or outcome.seconds > self.slowest[entry].seconds:
            self.slowest[entry] = outcome
        if entry not in self.largest or outcome.peak > self.largest[entry].peak:
            self.largest[entry] = outcome

    @property
    def mishandled(self) -> int:
        """How many inputs were mishandled."""
        return sum(self.counts[k] for k in MISHANDLED)

    @property
    def total(self) -> int:
        """How many inputs were probed."""
        return sum(self.counts.values())


class _Stopped(BaseException):
    """Raised by the alarm in a call that runs past :data:`STOP` (a BaseException, so that no
    ``except Exception`` of the library — the command line's — swallows it)."""


def _on_alarm(_signum: int, _frame: object) -> None:
    raise _Stopped


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    if not hasattr(signal, "setitimer"):  # pragma: no cover - not on this platform
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _known_codes() -> frozenset[str]:
    """Every code an error may carry: the table of errors that are not moves, and every game's
    refusal codes (found in every ``CodeTable`` of the games' modules)."""
    codes = set(ERROR_CODES)
    for name, module in list(sys.modules.items()):
        if name.startswith("cardrules.") and module is not None:
            for value in vars(module).values():
                if isinstance(value, CodeTable):
                    codes |= {c.name for c in value}
    return frozenset(codes)


def _attempt(probe: Probe) -> tuple[str, str, object]:
    """Make the call once: ``(kind, detail, answer)``."""
    try:
        with _alarm(max(STOP, 2 * probe.budget)):
            answer = probe.call()
    except _Stopped:
        return "slow", f"stopped after {STOP:g} s", None
    except CardrulesError as err:
        code = getattr(err, "code", None)
        if not isinstance(code, str) or code not in KNOWN_CODES:
            return "no-code", f"{type(err).__name__} code {code!r}: {_cut(str(err))}", None
        return "refused", code, None
    except RecursionError as err:
        return "crash", f"RecursionError: {_cut(str(err))}", None
    except Exception as err:
        return "crash", f"{type(err).__name__}: {_cut(str(err))}", None
    return "accepted", "", answer


def run(probe: Probe) -> Outcome:
    """Probe once and classify the outcome (see the module docstring)."""
    # CPU time of this process, not the wall clock: on a shared machine the wall clock measures
    # the neighbours (a probe under a load of 4 found a 0.5 s call taking 4 s). The calls run
    # here on one thread; the alarm that stops a runaway call still counts wall seconds.
    start = time.process_time()
    kind, detail, answer = _attempt(probe)
    seconds = time.process_time() - start
    if seconds > probe.budget and kind != "slow":  # warm caches (a first variant load …)
        start = time.process_time()
        kind, detail, answer = _attempt(probe)
        seconds = time.process_time() - start
    peak = 0
    if seconds > MEASURE_ABOVE and kind != "slow":
        tracemalloc.start()
        try:
            _attempt(probe)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    if kind == "accepted":
        kind, detail = _judge_answer(probe, answer)
    if kind not in MISHANDLED and seconds > probe.budget:
        kind, detail = "slow", f"{seconds:.3f} s (budget {probe.budget:g} s)"
    if kind not in MISHANDLED and peak > MEMORY:
        kind, detail = "memory", f"{peak / 1e6:.0f} MB"
    return Outcome(probe, kind, detail, seconds, peak)


def _judge_answer(probe: Probe, answer: object) -> tuple[str, str]:
    if probe.cli:
        return _judge_cli(answer)
    if probe.refusal is not None and probe.refusal(answer):
        return "refused", "answered illegal"
    if probe.bad:
        return "accepted-bad", f"returned {_cut(_shown(answer))}"
    if probe.sound is not None:
        try:
            problem = probe.sound(answer)
        except CardrulesError as err:
            problem = f"checking the answer raised {type(err).__name__}: {_cut(str(err))}"
        except Exception as err:
            problem = f"checking the answer raised {type(err).__name__}: {_cut(str(err))}"
        if problem:
            return "unsound", problem
    return "accepted", ""


def _judge_cli(answer: object) -> tuple[str, str]:
    assert isinstance(answer, tuple)
    code, out, err = answer
    if "Traceback" in err or "Traceback" in out:
        return "cli-lines", "printed a traceback"
    if code == 2:
        if err.count("\n") != 1 or not err.startswith("cardrules: "):
            return "cli-lines", f"exit 2 with {err.count(chr(10))} lines: {_cut(err)}"
        return "refused", "exit 2"
    if code not in (0, 1):
        return "cli-exit", f"exit {code}: {_cut(err)}"
    return "accepted", ""


def _cut(text: str, limit: int = 160) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit] + "…"


def _shown(value: object) -> str:
    try:
        return repr(value)[:200]
    except Exception:
        return f"<{type(value).__name__}>"


KNOWN_CODES: frozenset[str] = frozenset()


# ---------------------------------------------------------------------- hostile values
class _Odd:
    """An object of no expected type whose ``repr`` is plain."""

    def __repr__(self) -> str:
        return "<odd object>"


class _Exploding:
    """An object that raises whatever is asked of it (its ``repr`` included)."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __hash__(self) -> int:
        return 1

    def __len__(self) -> int:
        raise RuntimeError("no len")

    def __iter__(self) -> Iterator[object]:
        raise RuntimeError("no iter")


#: Numbers no argument should take for an integer in a range.
ODD_INTS: list[object] = [
    -1,
    -2,
    2**31,
    2**63,
    2**64,
    10**19,
    10**30,
    10**5000,
    -(10**5000),
]
#: Values of the wrong type for any argument.
ODD_VALUES: list[object] = [
    None,
    True,
    False,
    0.0,
    1.0,
    -0.0,
    1.5,
    math.nan,
    math.inf,
    -math.inf,
    1j,
    Decimal("1"),
    Fraction(1, 1),
    "0",
    "1",
    "",
    " ",
    "٣",
    "１",
    "x" * 100_000,
    b"1",
    bytearray(b"0"),
    [],
    [0],
    (0,),
    {},
    {"0": 0},
    set(),
    frozenset({0}),
    range(3),
    Ellipsis,
    _Odd(),
    _Exploding(),
    object,
    print,
    random,
]
#: Characters a hostile text mixes in.
ODD_CHARS = [
    "\u00a0",
    "\u3000",
    "\u2028",
    "\u2029",
    "\u0085",
    "\u200b",
    "\ufeff",
    "\x00",
    "\x1c",
    "\x0b",
    "\x0c",
    "\ud800",
    "٣",
    "１",
    "ſ",
    "ı",
    "K",
    "♠",
    "♤",
    "\u0301",
    "🂡",
]
CARD_WORDS = [
    "3S",
    "4H",
    "5C",
    "6D",
    "7S",
    "8H",
    "8S",
    "8C",
    "9D",
    "10S",
    "th",
    "JC",
    "QH",
    "KD",
    "AS",
    "2H",
    "2S",
    "SJ",
    "bj",
    "♠A",
    "A♦",
]
OTHER_WORDS = [
    "pass",
    "cha",
    "gou",
    "chi",
    "capture",
    "tribute",
    "return",
    "rebel",
    "suppress",
    "bid",
    "bury",
    "fry",
    "hearts",
    "none",
    "1S",
    "ZZ",
    "X",
    ":",
    "::",
    "-1",
    "99",
    "+1",
    "1_0",
    "0x1",
    "",
]


def card_text(rng: random.Random, *, odd: bool = False) -> str:
    """A card text: real cards (repeats included), sometimes with other words; with ``odd``,
    with a character mixed in that must make it refused."""
    words = [rng.choice(CARD_WORDS) for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 20]))]
    if rng.random() < 0.3:
        words.append(rng.choice(OTHER_WORDS))
    sep = rng.choice([" ", " ", "  ", "\t", "\n"])
    text = sep.join(words)
    if odd:
        char = rng.choice(ODD_CHARS[:12])
        spot = rng.randrange(len(text) + 1)
        text = text[:spot] + char + text[spot:]
        if not text.strip(" \t\n\r"):
            text = "3S" + char + "4H"
    return text


def move_text(rng: random.Random, players: int, *, odd: bool = False) -> str:
    """A move text ``"SEAT: …"`` (or a seat left out, or an odd seat)."""
    seat = rng.choice(
        [str(rng.randrange(players)), str(rng.randrange(players)), "", "99", "-1", "٣", " 1 "]
    )
    body = card_text(rng, odd=odd)
    if rng.random() < 0.25:
        body = rng.choice(OTHER_WORDS) + " " + body
    if rng.random() < 0.1:
        return body
    return f"{seat}: {body}" if rng.random() < 0.9 else f"{seat}:{body}"


def wild_text(rng: random.Random) -> str:
    """Text of any kind: random characters, long runs, notation with oddities."""
    pick = rng.random()
    if pick < 0.3:
        return "".join(rng.choice(ODD_CHARS + CARD_WORDS + [" ", ":"]) for _ in range(10))
    if pick < 0.4:
        return rng.choice(CARD_WORDS) * rng.choice([1000, 100_000])
    if pick < 0.5:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(40)))
    return move_text(rng, 4, odd=rng.random() < 0.3)


def odd_value(rng: random.Random) -> object:
    """A value of the wrong type (or a number out of any range)."""
    return rng.choice(ODD_VALUES + ODD_INTS)


def has_odd_character(text: str) -> bool:
    """Whether ``text`` holds a character card or move text may not (a space other than
    ASCII's, a control, a surrogate …) — such text must be refused."""
    return any(c in text for c in ODD_CHARS[:12])


# ---------------------------------------------------------------------- the subjects
@dataclass
class Subject:
    """A state, view or match to call methods on, with what the probe needs to know of it."""

    name: str
    obj: Any
    game: str
    players: int
    is_view: bool
    move_type: type
    other_move_type: type

    @property
    def moves(self) -> list[Any]:
        """A few moves to give it: legal ones first (from a small listing), then some not."""
        legal = self.obj.legal_moves()
        found: list[Any] = []
        try:
            if legal.listable():
                found = list(itertools.islice(legal, 12))
            else:
                found = [c.sample(random.Random(1)) for c in legal.describe().choices[:6]]
        except CardrulesError:
            found = []
        return found


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    return state


def _until_phase(match: Any, phase: str, rng: random.Random, limit: int = 5000) -> Any:
    for _ in range(limit):
        if match.phase.value == phase or match.is_over:
            return match
        match = match.apply(match.random_move(rng))
    return match


def subjects() -> list[Subject]:
    """States, views and matches of both games, in every phase (and one round over)."""
    rng = random.Random(19)
    out: list[Subject] = []
    s_move, j_move = siyaosi.Move, shengji.Move

    def add(name: str, obj: Any, game: str) -> None:
        own, other = (s_move, j_move) if game == "siyaosi" else (j_move, s_move)
        players = obj.players
        out.append(Subject(name, obj, game, players, hasattr(obj, "seat"), own, other))
        if not hasattr(obj, "seat") and hasattr(obj, "view"):
            seat = obj.turn if obj.turn is not None else 0
            out.append(Subject(name + ".view", obj.view(seat), game, players, True, own, other))

    classic = siyaosi.State.new("classic", seed=1)
    add("siyaosi.State(new)", classic, "siyaosi")
    add("siyaosi.State(mid-trick)", _walk(classic, rng, 7), "siyaosi")
    six = siyaosi.State.new(
        siyaosi.load_variant("classic", overrides={"players": 6, "decks": 3}), seed=2
    )
    add("siyaosi.State(6 players)", _walk(six, rng, 5), "siyaosi")
    add("siyaosi.State(over)", _walk(siyaosi.State.new("one-deck", seed=3), rng, 5000), "siyaosi")
    match = siyaosi.Match.new("classic", seed=3)
    add("siyaosi.Match(play)", _walk(match, rng, 3), "siyaosi")
    add("siyaosi.Match(tribute)", _until_phase(match, "tribute", rng), "siyaosi")
    deal = shengji.State.new("four-deck", seed=7, trump="H", banker=0)
    add("shengji.State(new)", deal, "shengji")
    add("shengji.State(follow)", _walk(deal, rng, 1), "shengji")
    add("shengji.State(mid-round)", _walk(deal, rng, 41), "shengji")
    add("shengji.State(over)", _walk(deal, rng, 1000), "shengji")
    smatch = shengji.Match.new("four-deck", seed=3)
    add("shengji.Match(deal)", _walk(smatch, rng, 20), "shengji")
    for phase in ("bid", "bury", "play"):
        add(f"shengji.Match({phase})", _until_phase(smatch, phase, rng), "shengji")
    return out


# ---------------------------------------------------------------------- states, views, matches
def _seat_value(rng: random.Random, players: int, *, optional: bool) -> tuple[object, bool]:
    """A seat argument and whether it is bad."""
    if rng.random() < 0.4:
        return rng.randrange(players), False
    if optional and rng.random() < 0.15:
        return None, False
    odd = [v for v in [*ODD_VALUES, *ODD_INTS, players, 99, 100] if not (optional and v is None)]
    return rng.choice(odd), True


def _rng_value(rng: random.Random) -> tuple[object, bool]:
    if rng.random() < 0.6:
        return random.Random(rng.randrange(1000)), False
    return odd_value(rng), True


def _move_value(rng: random.Random, subject: Subject) -> tuple[object, bool]:
    """A move argument: one of its moves, a move of the game it may refuse, or not a move."""
    pick = rng.random()
    moves = subject.moves
    if pick < 0.45 and moves:
        return rng.choice(moves), False
    if pick < 0.7:
        seat = rng.randrange(subject.players + 1)
        try:
            return subject.move_type.parse(f"{seat}: {card_text(rng)}"), False
        except CardrulesError:
            return subject.move_type.parse(f"{seat}: pass"), False
    if pick < 0.8:
        return subject.other_move_type.parse("0: pass"), True
    if pick < 0.85:
        return cardrules.MoveText(0, None, Cards.parse("3S")), True
    return odd_value(rng), True


def _is_refusal(answer: object) -> bool:
    return (
        isinstance(answer, Illegal)
        or answer is False
        or (isinstance(answer, tuple) and len(answer) == 1 and isinstance(answer[0], str))
    )


def _sound_listing(subject: Subject, seat: object) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        legal: Any = answer
        count = legal.count()
        if count < 0:
            return "a negative count"
        if legal.listable():
            for move in itertools.islice(legal, 8):
                if seat is not None and move.seat != seat:
                    return f"listed {move} for seat {seat}"
                if subject.obj.explain(move) is not None:
                    return f"listed {move}, which explain refuses"
        return None

    return check


def _sound_move(subject: Subject, seat: object) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        if not isinstance(answer, subject.move_type):
            return f"not a {subject.game} move: {_shown(answer)}"
        if seat is not None and answer.seat != seat:
            return f"drew {answer} for seat {seat}"
        reason = subject.obj.explain(answer)
        return None if reason is None else f"drew {answer}, which explain refuses: {reason}"

    return check


def _sound_parsed(subject: Subject, text: object) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        if not isinstance(answer, subject.move_type):
            return f"not a {subject.game} move: {_shown(answer)}"
        if isinstance(text, str) and has_odd_character(text):
            return f"read {text!r}, which holds a character that is not notation"
        again = subject.obj.parse_move(str(answer))
        return None if again == answer else f"{answer} reads back as {again}"

    return check


def _sound_view(subject: Subject, seat: object) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        view: Any = answer
        if view.seat != seat or view.hand != subject.obj.hands[seat]:
            return f"view({seat}) is seat {view.seat}'s"
        return None

    return check


def _sound_applied(subject: Subject) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        after = answer[0] if isinstance(answer, tuple) else answer
        if type(after) is not type(subject.obj):
            return f"apply gave a {type(after).__name__}"
        return None

    return check


def state_probes(rng: random.Random, count: int, everyone: list[Subject]) -> Iterator[Probe]:
    """``count`` calls of the public methods of states, views and matches."""
    methods = [
        "legal_moves",
        "legal_moves",
        "random_move",
        "random_move",
        "parse_move",
        "parse_move",
        "parse_move",
        "explain",
        "is_legal",
        "grounds",
        "apply",
        "step",
        "view",
    ]
    for n in range(count):
        subject = everyone[n % len(everyone)]
        obj = subject.obj
        method = rng.choice(methods)
        if method == "view" and subject.is_view:
            method = "arranged_hand"
        entry = f"{subject.game}.{type(obj).__name__}.{method}"
        if method == "legal_moves":
            seat, bad = _seat_value(rng, subject.players, optional=True)
            yield Probe(
                "states",
                entry,
                f"{subject.name}.legal_moves({_shown(seat)})",
                lambda o=obj, s=seat: o.legal_moves(s),
                bad,
                _sound_listing(subject, seat),
            )
        elif method == "random_move":
            generator, bad_rng = _rng_value(rng)
            seat, bad_seat = _seat_value(rng, subject.players, optional=True)
            yield Probe(
                "states",
                entry,
                f"{subject.name}.random_move({_shown(generator)[:30]}, {_shown(seat)})",
                lambda o=obj, g=generator, s=seat: o.random_move(g, s),
                bad_rng or bad_seat,
                _sound_move(subject, seat),
            )
        elif method == "parse_move":
            pick = rng.random()
            if pick < 0.7:
                text: object = move_text(rng, subject.players, odd=rng.random() < 0.3)
                bad = has_odd_character(text)  # type: ignore[arg-type]
            elif pick < 0.85:
                text = wild_text(rng)
                bad = has_odd_character(text)  # type: ignore[arg-type]
            elif pick < 0.9:
                text = cardrules.MoveText(
                    rng.choice([0, 1, True, -1, 100]),
                    rng.choice([None, "pass", "x", 5]),
                    rng.choice([Cards.parse("3S"), Cards(), None]),
                )  # type: ignore[arg-type]
                bad = True
                if (
                    text.seat in (0, 1)  # type: ignore[attr-defined]
                    and type(text.seat) is int  # type: ignore[attr-defined]
                    and isinstance(text.cards, Cards)  # type: ignore[attr-defined]
                    and (text.verb == "pass") == (not text.cards)  # type: ignore[attr-defined]
                    and text.verb in (None, "pass")  # type: ignore[attr-defined]
                ):
                    bad = False
            else:
                text, bad = odd_value(rng), True
            yield Probe(
                "states",
                entry,
                f"{subject.name}.parse_move({_shown(text)[:60]})",
                lambda o=obj, t=text: o.parse_move(t),
                bad,
                _sound_parsed(subject, text),
            )
        elif method in ("explain", "is_legal", "grounds"):
            move, bad = _move_value(rng, subject)
            yield Probe(
                "states",
                entry,
                f"{subject.name}.{method}({_shown(move)[:60]})",
                lambda o=obj, m=move, name=method: getattr(o, name)(m),
                bad,
                refusal=_is_refusal if method != "grounds" or bad else None,
            )
        elif method in ("apply", "step"):
            if subject.is_view:
                continue
            move, bad = _move_value(rng, subject)
            yield Probe(
                "states",
                entry,
                f"{subject.name}.{method}({_shown(move)[:60]})",
                lambda o=obj, m=move, name=method: getattr(o, name)(m),
                bad,
                _sound_applied(subject),
            )
        elif method == "view":
            seat, bad = _seat_value(rng, subject.players, optional=False)
            yield Probe(
                "states",
                entry,
                f"{subject.name}.view({_shown(seat)})",
                lambda o=obj, s=seat: o.view(s),
                bad,
                _sound_view(subject, seat),
            )
        else:
            yield Probe(
                "states",
                entry,
                f"{subject.name}.{method}()",
                lambda o=obj: o.arranged_hand(),
                False,
            )


# ---------------------------------------------------------------------- functions with arguments
@dataclass
class Param:
    """One argument of a call: how to draw a value it takes (``good``: the call may still
    refuse it for what it says, with a code) and one it must refuse (``bad``; ``None``: there
    is none). ``name`` is the keyword, ``None`` for a positional argument."""

    name: str | None
    good: Callable[[random.Random], object]
    bad: Callable[[random.Random], object] | None = None


@dataclass
class Spec:
    """An entry point: the call, its arguments, a check of an accepted answer (given the
    arguments), its time budget."""

    entry: str
    call: Callable[..., object]
    params: Sequence[Param]
    sound: Callable[[list[object], dict[str, object]], Callable[[object], str | None]] | None = None
    budget: float = BUDGET
    weight: int = 1
    refusal: Callable[[object], bool] | None = None


def draws(section: str, specs: Sequence[Spec], rng: random.Random, count: int) -> Iterator[Probe]:
    """``count`` probes over ``specs`` (in proportion to their weights): in three of five, one
    argument is drawn from its bad values; in the rest every argument is one it takes."""
    pool = [s for s in specs for _ in range(s.weight)]
    for _ in range(count):
        spec = rng.choice(pool)
        chosen = [p for p in spec.params if p.bad is not None]
        spoil = rng.choice(chosen) if chosen and rng.random() < 0.6 else None
        positional: list[object] = []
        named: dict[str, object] = {}
        for param in spec.params:
            maker = param.bad if param is spoil and param.bad is not None else param.good
            value = maker(rng)
            if param.name is None:
                positional.append(value)
            else:
                named[param.name] = value
        shown = ", ".join(
            [_shown(v)[:40] for v in positional]
            + [f"{k}={_shown(v)[:40]}" for k, v in named.items()]
        )
        yield Probe(
            section,
            spec.entry,
            f"{spec.entry}({shown})",
            lambda c=spec.call, a=positional, k=named: c(*a, **k),
            spoil is not None,
            spec.sound(positional, named) if spec.sound is not None else None,
            spec.refusal,
            spec.budget,
        )


def _not_a_list(*items: object) -> Callable[[random.Random], object]:
    """Bad values for a list argument: anything but a list (an empty list or tuple is a list
    that may be right), or a list holding one of ``items``."""
    odd = [v for v in [*ODD_VALUES, *ODD_INTS] if not isinstance(v, list | tuple)]
    return lambda rng: rng.choice([*odd, *([i] for i in items)])


def _not_text(rng: random.Random) -> object:
    """A bad value for a text or path argument: anything but a string or a path."""
    return rng.choice([v for v in [*ODD_VALUES, *ODD_INTS] if not isinstance(v, str)])


def _one_of(*values: object) -> Callable[[random.Random], object]:
    return lambda rng: rng.choice(values)


def _odd(*extra: object) -> Callable[[random.Random], object]:
    return lambda rng: rng.choice([*ODD_VALUES, *ODD_INTS, *extra])


def _odd_not_none(*extra: object) -> Callable[[random.Random], object]:
    return lambda rng: rng.choice([v for v in [*ODD_VALUES, *ODD_INTS, *extra] if v is not None])


def _odd_but(valid: Callable[[object], bool], *extra: object) -> Callable[[random.Random], object]:
    """Bad values for an argument: the odd values and ``extra`` but those ``valid`` says the
    argument takes (an empty dict for ``overrides``, an empty list of paths …): an input the
    contract admits is no bad input."""

    def right(value: object) -> bool:
        try:
            return valid(value)
        except Exception:  # an odd object that cannot even be looked at is not a right value
            return False

    odd = [v for v in [*ODD_VALUES, *ODD_INTS, *extra] if not right(v)]
    return lambda rng: rng.choice(odd)


def _words_of(value: object) -> bool:
    """A collection of words, as ``verbs`` takes (a dict is the collection of its keys)."""
    return (
        isinstance(value, Collection)
        and not isinstance(value, str | bytes | bytearray)
        and all(isinstance(v, str) for v in value)
    )


def _sizes(value: object) -> bool:
    """Hand sizes ``deal`` takes: a sequence of integers 0 or more, no more cards than a deck."""
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str | bytes | bytearray)
        and all(type(v) is int and v >= 0 for v in value)
        and sum(value) <= 54
    )


def _events_of(value: object) -> bool:
    """Events as ``seen_by`` takes them: any iterable of events but text and mappings."""
    from cardrules.events import Event

    return (
        isinstance(value, Iterable)
        and not isinstance(value, str | bytes | Mapping)
        and all(isinstance(v, Event) for v in value)
    )


def _paths_of(value: object) -> bool:
    """An iterable of paths, as ``find_case_files`` takes: strings or ``Path`` s without NUL."""
    return (
        isinstance(value, Iterable)
        and not isinstance(value, str | bytes | bytearray | Path)
        and all(isinstance(v, str | Path) and "\x00" not in str(v) for v in value)
    )


def _not_a_bool(*extra: object) -> Callable[[random.Random], object]:
    """Bad values for a flag: anything but ``True`` and ``False`` (which are both right)."""
    return lambda rng: rng.choice(
        [v for v in [*ODD_VALUES, *ODD_INTS, *extra] if v is not None and not isinstance(v, bool)]
    )


def _texts(rng: random.Random) -> object:
    return card_text(rng)


def _odd_texts(rng: random.Random) -> object:
    """A card text that must be refused (a blank text is an empty one: no cards, accepted)."""
    if rng.random() < 0.6:
        return card_text(rng, odd=True)
    return rng.choice(
        [v for v in ODD_VALUES + ODD_INTS if not (isinstance(v, str) and not v.strip())]
    )


def _counts(rng: random.Random) -> object:
    return [rng.choice([0, 0, 0, 1, 2]) for _ in range(54)]


def _odd_counts(rng: random.Random) -> object:
    counts: list[object] = [rng.choice([0, 1]) for _ in range(54)]
    pick = rng.random()
    if pick < 0.2:
        return counts[: rng.randrange(54)]
    if pick < 0.3:
        return [*counts, 0]
    counts[rng.randrange(54)] = rng.choice([True, 1.0, -1, 9, 10**30, 10**5000, "1", None, 1.5])
    return counts if rng.random() < 0.8 else tuple(counts)


def _round_trip_cards(_a: list[object], _k: dict[str, object]) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        if not isinstance(answer, Cards):
            return f"not a Cards: {_shown(answer)}"
        text = _a[0] if _a else None
        if isinstance(text, str) and has_odd_character(text):
            return f"read {text!r}, which holds a character that is not notation"
        return None if Cards.parse(str(answer)) == answer else "does not read back"

    return check


def _text_accepted(
    index: int,
) -> Callable[[list[object], dict[str, object]], Callable[[object], str | None]]:
    def sound(a: list[object], _k: dict[str, object]) -> Callable[[object], str | None]:
        def check(_answer: object) -> str | None:
            text = a[index] if len(a) > index else None
            if isinstance(text, str) and has_odd_character(text):
                return f"read {text!r}, which holds a character that is not notation"
            return None

        return check

    return sound


def _seeds(rng: random.Random) -> object:
    return rng.choice([0, 1, 7, 2**64 - 1, rng.randrange(2**64)])


def _odd_seeds(rng: random.Random) -> object:
    return rng.choice([-1, 2**64, 10**30, 10**5000, True, 1.0, "1", None, 1.5, [1]])


def _siyaosi_variants(rng: random.Random) -> object:
    return rng.choice(["classic", "one-deck", VARIANTS["siyaosi"]])


def _shengji_variants(rng: random.Random) -> object:
    return rng.choice(["four-deck", VARIANTS["shengji"]])


def _odd_variant_refs(rng: random.Random) -> object:
    return rng.choice(
        [
            *ODD_VALUES,
            5,
            "",
            "nosuch",
            "x" * 300,
            "../../etc/passwd",
            "classic\x00",
            "classic ",
            "CLASSIC",
        ]
    )


def _other_game_refs(game: str) -> Callable[[random.Random], object]:
    """Bad variants for a game's own calls: odd references, and the other game's."""
    other = "shengji" if game == "siyaosi" else "siyaosi"
    names = {"siyaosi": "classic", "shengji": "four-deck"}

    def draw(rng: random.Random) -> object:
        if rng.random() < 0.3:
            return rng.choice([names[other], VARIANTS[other]])
        return _odd_variant_refs(rng)

    return draw


VARIANTS: dict[str, Any] = {}
TABLES: dict[str, Any] = {}


def _prepare() -> None:
    """The objects the specs take as good values (a variant of each game, a table, a trump
    context, combinations)."""
    from cardrules.cards import Rank, Suit

    with contextlib.suppress(ImportError):  # imported once here, never inside a timed probe:
        import distributed  # noqa: F401  # an import the alarm stops midway stays half-done

    VARIANTS["siyaosi"] = siyaosi.load_variant("classic")
    VARIANTS["shengji"] = shengji.load_variant("four-deck")
    table = siyaosi.Table(VARIANTS["siyaosi"], (Rank.FIVE, Rank.SIX), 1)
    TABLES["siyaosi"] = table
    ctx = shengji.trump_context(VARIANTS["shengji"], Rank.TWO, Suit.HEARTS)
    TABLES["shengji"] = ctx
    TABLES["combos4"] = [
        c
        for c in (
            siyaosi.classify(Cards.parse(t), table, 0) for t in ("3S", "8S 8H", "9S 9H 9D", "AS")
        )
        if c is not None
    ]
    TABLES["combosSJ"] = [
        c
        for c in (
            shengji.classify(Cards.parse(t), ctx)
            for t in ("AS", "KS KS", "QS QS KS KS", "3C", "BJ BJ", "AD AD AD", "3S 4S 5S")
        )
        if c is not None
    ]


def _siyaosi_combo(rng: random.Random) -> object:
    return rng.choice(TABLES["combos4"])


def _shengji_combo(rng: random.Random) -> object:
    return rng.choice(TABLES["combosSJ"])


def _hand(rng: random.Random) -> object:
    """A hand of up to 24 of 16 cards, never more copies of one than eight decks hold."""
    words = [rng.choice(CARD_WORDS[:16]) for _ in range(rng.randrange(0, 25))]
    held = [w for n, w in enumerate(words) if words[:n].count(w) < 8]
    return Cards.parse(" ".join(held))


def _odd_cards(rng: random.Random) -> object:
    return rng.choice([*ODD_VALUES, "3S 4S", [Cards.parse("3S")], siyaosi.Move.parse("0: 3S")])


def _sound_state(_a: list[object], _k: dict[str, object]) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        state: Any = answer
        again = type(state).from_json(json.dumps(state.to_json()))
        if again != state:
            return "its JSON does not read back"
        if hasattr(state, "to_record") and state.history is not None:
            from cardrules.records import read_record

            read_record("probe.toml", text=state.to_record().to_toml())
        return None

    return check


def core_specs() -> list[Spec]:
    """The core package's entry points (cards, notation, variants, positions, deals, games)."""
    from cardrules import notation
    from cardrules.cards import Card, Rank, Suit
    from cardrules.position import load_position

    decks_good = _one_of(None, 1, 2, 4, 8)
    decks_bad = _odd_not_none(0, 9, -1)
    position_tables = [
        {
            "game": "siyaosi",
            "variant": "classic",
            "leader": 0,
            "hands": ["8S 5C", "8H 8D KH", "8C QH", "3S 4D"],
        },
        {
            "game": "shengji",
            "variant": "four-deck",
            "trump": "S",
            "banker": 0,
            "levels": ["2", "2"],
            "hands": ["AH KH", "3H 4H", "5H 6H", "7H 8H"],
        },
    ]

    def odd_table(rng: random.Random) -> object:
        table = dict(rng.choice(position_tables))
        key = rng.choice([*table, "phase", "out", "kitty", "points", "ruling", "turn", "overrides"])
        odd = [*ODD_VALUES, *ODD_INTS, ["x"] * 4, [10**30] * 4, {"decks": 99}]
        # Not odd here: an empty kitty, out list or overrides, and a phase word (the loader
        # reads a phase as a plain word; the game's from_position compares it with its own).
        fine = ("", " ", [], {})
        odd = [
            v
            for v in odd
            if not (type(v) in (str, list, dict) and v in fine)
            and not (key == "phase" and isinstance(v, str))
        ]
        table[key] = rng.choice(odd)
        return table if rng.random() < 0.9 else odd_value(rng)

    return [
        Spec(
            "Cards.parse",
            Cards.parse,
            [Param(None, _texts, _odd_texts), Param("decks", decks_good, decks_bad)],
            _round_trip_cards,
            weight=4,
        ),
        Spec(
            "Card.parse",
            Card.parse,
            [Param(None, _one_of(*CARD_WORDS), _odd_texts)],
            _text_accepted(0),
        ),
        Spec(
            "Rank.parse",
            Rank.parse,
            [Param(None, _one_of("2", "10", "T", "J", "A", "SJ", "BJ"), _odd_texts)],
            _text_accepted(0),
        ),
        Spec(
            "Suit.parse",
            Suit.parse,
            [Param(None, _one_of("S", "h", "♠", "D"), _odd_texts)],
            _text_accepted(0),
        ),
        Spec("Cards.from_counts", Cards.from_counts, [Param(None, _counts, _odd_counts)], weight=2),
        Spec("Cards", Cards, [Param(None, lambda r: tuple(_counts(r)), _odd_counts)]),  # type: ignore[arg-type]
        Spec("Cards.of", Cards.of, [Param(None, lambda r: list(_hand(r)), lambda r: rng_list(r))]),  # type: ignore[arg-type]
        Spec(
            "parse_move_text",
            cardrules.parse_move_text,
            [
                Param(
                    None,
                    lambda r: move_text(r, 4),
                    lambda r: move_text(r, 4, odd=True) if r.random() < 0.5 else odd_value(r),
                ),
                Param("decks", decks_good, decks_bad),
                Param(
                    "verbs",
                    _one_of(None, {"pass", "cha"}, frozenset({"bid"})),
                    _odd_but(lambda v: v is None or _words_of(v), "pass", [1], {1: 2}),
                ),
                Param("seat", _one_of(None, 0, 1, 3), _odd_not_none(100)),
            ],
            _text_accepted(0),
            weight=4,
        ),
        Spec(
            "for_seat",
            notation.for_seat,
            [
                Param(
                    None,
                    lambda r: move_text(r, 4),
                    lambda r: move_text(r, 4, odd=True) if r.random() < 0.5 else odd_value(r),
                ),
                Param(None, _one_of(0, 1, 2, 3), _odd_not_none(100)),
                Param("decks", decks_good, decks_bad),
            ],
            _text_accepted(0),
            weight=2,
        ),
        Spec(
            "siyaosi.Move",
            siyaosi.Move,
            [
                Param(None, _one_of(0, 1, 3, 99), _odd(100)),
                Param(None, _one_of(*siyaosi.MoveKind), _odd("bogus", "PLAY")),
                Param(None, _hand, _odd_cards),
            ],
            weight=2,
        ),
        Spec(
            "shengji.Move",
            shengji.Move,
            [
                Param(None, _one_of(0, 1, 3, 99), _odd(100)),
                Param(None, _one_of(*shengji.MoveKind), _odd("bogus")),
                Param(None, _hand, _odd_cards),
            ],
            weight=2,
        ),
        Spec(
            "siyaosi.Move.parse",
            siyaosi.Move.parse,
            [
                Param(None, lambda r: move_text(r, 4), lambda r: move_text(r, 4, odd=True)),
                Param("decks", decks_good, decks_bad),
            ],
            _text_accepted(0),
            weight=2,
        ),
        Spec(
            "shengji.Move.parse",
            shengji.Move.parse,
            [
                Param(None, lambda r: move_text(r, 4), lambda r: move_text(r, 4, odd=True)),
                Param("decks", decks_good, decks_bad),
            ],
            _text_accepted(0),
            weight=2,
        ),
        Spec(
            "deal",
            cardrules.deal,
            [
                Param(None, _one_of(1, 2, 4), _odd_not_none(0, 9)),
                Param(None, _seeds, _odd_seeds),
                Param(
                    None,
                    _one_of([27, 27], [10, 10, 10, 10], [1]),
                    _odd_but(_sizes, [10**6], [-1], [1.5], ["1"], [True], [0] * 10**6),
                ),
            ],
        ),
        Spec(
            "full_deck", cardrules.full_deck, [Param(None, _one_of(1, 2, 8), _odd_not_none(0, 9))]
        ),
        Spec(
            "shuffled",
            cardrules.shuffled,
            [Param(None, _one_of(1, 4), _odd_not_none(0, 9)), Param(None, _seeds, _odd_seeds)],
        ),
        Spec(
            "game_named",
            cardrules.game_named,
            [Param(None, _one_of("siyaosi", "shengji", "poker"), _odd())],
        ),
        Spec(
            "list_presets",
            cardrules.list_presets,
            [Param(None, _one_of(None, "siyaosi", "shengji"), _odd_not_none("poker"))],
        ),
        Spec(
            "load_variant",
            cardrules.load_variant,
            [
                Param(
                    None,
                    _one_of("classic", "one-deck", "four-deck", VARIANTS["siyaosi"]),
                    _odd_variant_refs,
                ),
                Param("game", _one_of(None, "siyaosi", "shengji"), _odd_not_none("poker")),
                Param(
                    "overrides",
                    _one_of(None, {}, {"decks": 2}),
                    lambda r: r.choice(
                        [
                            *(
                                v
                                for v in ODD_VALUES
                                if v is not None and not (isinstance(v, dict) and not v)
                            ),
                            {"decks": r.choice(ODD_VALUES + ODD_INTS)},
                            {"x" * 1000: 1},
                            {1: 2},
                        ]
                    ),
                ),
                Param("allow_outside", _one_of(False, True), _not_a_bool(0, 1, "yes")),
            ],
            weight=3,
        ),
        Spec(
            "variant_diff",
            cardrules.variant_diff,
            [
                Param(None, _one_of(VARIANTS["siyaosi"], VARIANTS["shengji"]), _odd()),
                Param(None, _one_of(VARIANTS["siyaosi"], VARIANTS["shengji"]), _odd()),
            ],
        ),
        Spec(
            "load_position",
            load_position,
            [
                Param(None, _one_of(*position_tables), odd_table),
                Param("allow_outside", _one_of(False, True), _not_a_bool(0, 1)),
            ],
            weight=3,
        ),
        Spec(
            "siyaosi.State.new",
            siyaosi.State.new,
            [
                Param(None, _siyaosi_variants, _other_game_refs("siyaosi")),
                Param("seed", _seeds, _odd_seeds),
                Param(
                    "levels",
                    _one_of(None, ("2", "5"), [Rank.THREE, Rank.ACE]),
                    _odd_not_none("25", ["2"], ["BJ", "2"], [2, 3], ("2", "3", "4")),
                ),
                Param("ruling", _one_of(None, 0, 1), _odd_not_none(2)),
                Param("leader", _one_of(None, 0, 3), _odd_not_none(4)),
            ],
            _sound_state,
            weight=3,
        ),
        Spec(
            "shengji.State.new",
            shengji.State.new,
            [
                Param(None, _shengji_variants, _other_game_refs("shengji")),
                Param("seed", _seeds, _odd_seeds),
                Param(
                    "trump",
                    _one_of(None, "S", "h", "none", Suit.CLUBS),
                    _odd_not_none("X", "ſ", "SS"),
                ),
                Param("banker", _one_of(0, 3), _odd(4)),
                Param("levels", _one_of(None, ("2", "5")), _odd_not_none("25", ["BJ", "2"])),
            ],
            _sound_state,
            weight=3,
        ),
        Spec(
            "siyaosi.Match.new",
            siyaosi.Match.new,
            [
                Param(None, _siyaosi_variants, _other_game_refs("siyaosi")),
                Param("seed", _seeds, _odd_seeds),
            ],
            _sound_state,
            weight=2,
        ),
        Spec(
            "shengji.Match.new",
            shengji.Match.new,
            [
                Param(None, _shengji_variants, _other_game_refs("shengji")),
                Param("seed", _seeds, _odd_seeds),
            ],
            _sound_state,
            weight=2,
        ),
        Spec(
            "siyaosi.State.from_position",
            siyaosi.State.from_position,
            [
                Param(None, lambda r: load_position(position_tables[0]), _odd()),
            ],
        ),
        Spec(
            "shengji.State.from_position",
            shengji.State.from_position,
            [
                Param(None, lambda r: load_position(position_tables[1]), _odd()),
            ],
        ),
        Spec(
            "siyaosi.Match.from_position",
            siyaosi.Match.from_position,
            [
                Param(None, lambda r: load_position(position_tables[0]), _odd()),
            ],
        ),
        Spec(
            "shengji.Match.from_position",
            shengji.Match.from_position,
            [
                Param(None, lambda r: load_position(position_tables[1]), _odd()),
            ],
        ),
        Spec(
            "check_listable",
            cardrules.check_listable,
            [
                Param(None, _one_of(None, 0, 10, 10**9), _odd_not_none(-1)),
                Param(
                    None,
                    _one_of("a burial"),
                    _odd_but(lambda v: isinstance(v, str) and len(v.strip()) > 0 and len(v) <= 200),
                ),
            ],
        ),
    ]


def rng_list(rng: random.Random) -> object:
    return rng.choice([["3S"], [1, 2], [None], "3S 4S", 5, [Cards.parse("3S")], [_Exploding()]])


def _sound_follow_cards(a: list[object], _k: dict[str, object]) -> Callable[[object], str | None]:
    def check(answer: object) -> str | None:
        if answer is not None and not isinstance(answer, Cards):
            return f"not cards: {_shown(answer)}"
        hand = a[1]
        if isinstance(answer, Cards) and isinstance(hand, Cards) and not answer <= hand:
            return f"{answer} is not in the hand {hand}"
        return None

    return check


def _consume(iterator: object) -> object:
    return list(itertools.islice(iterator, 20))  # type: ignore[call-overload]


def game_specs() -> list[Spec]:
    """The games' functions: classify and beats, tables and trump contexts, the follow helpers,
    settling a round, a round's result."""
    from cardrules.cards import Rank, Suit

    table, ctx = TABLES["siyaosi"], TABLES["shengji"]
    variant4, variantSJ = VARIANTS["siyaosi"], VARIANTS["shengji"]
    odd_table = _odd(variantSJ, ctx)
    odd_ctx = _odd(variant4, table)
    return [
        Spec(
            "siyaosi.classify",
            siyaosi.classify,
            [
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(table), odd_table),
                Param(None, _one_of(0, 1, 3), _odd(4)),
            ],
            weight=2,
        ),
        Spec(
            "siyaosi.beats",
            siyaosi.beats,
            [
                Param(None, _siyaosi_combo, _odd(*TABLES["combosSJ"])),
                Param(None, _siyaosi_combo, _odd()),
                Param(None, _one_of(table), odd_table),
            ],
        ),
        Spec(
            "siyaosi.Table",
            siyaosi.Table,
            [
                Param(None, _one_of(variant4), _odd(variantSJ)),
                Param(
                    None,
                    _one_of((Rank.TWO, Rank.FIVE)),
                    _odd_not_none(("2", "5"), (Rank.BIG_JOKER, Rank.TWO), (Rank.TWO,)),
                ),
                Param(None, _one_of(None, 0, 1), _odd_not_none(2)),
            ],
        ),
        Spec(
            "siyaosi.round_result",
            siyaosi.round_result,
            [
                Param(None, _one_of(4), _odd(0, 3, 5, 100)),
                Param(
                    None,
                    _one_of((0, 2), (1,), (0, 1, 2)),
                    _odd_not_none((0, 0), (9,), (True,), (10**30,)),
                ),
                Param(None, _one_of(None, 0, 1), _odd_not_none(2)),
            ],
        ),
        Spec(
            "siyaosi.load_variant",
            siyaosi.load_variant,
            [
                Param(None, _one_of("classic", "one-deck"), _other_game_refs("siyaosi")),
                Param(
                    "overrides",
                    _one_of(None, {"players": 6, "decks": 3}),
                    _odd_but(lambda v: v is None or v == {}, {"players": 10**30}, {"decks": True}),
                ),
            ],
        ),
        Spec(
            "shengji.load_variant",
            shengji.load_variant,
            [
                Param(None, _one_of("four-deck"), _other_game_refs("shengji")),
                Param(
                    "overrides",
                    _one_of(None, {"decks": 2}),
                    _odd_but(lambda v: v is None or v == {}, {"decks": 9}, {"kitty": -1}),
                ),
            ],
        ),
        Spec(
            "shengji.classify",
            shengji.classify,
            [Param(None, _hand, _odd_cards), Param(None, _one_of(ctx), odd_ctx)],
            weight=2,
        ),
        Spec(
            "shengji.beats",
            shengji.beats,
            [
                Param(None, _shengji_combo, _odd(*TABLES["combos4"])),
                Param(None, _shengji_combo, _odd()),
                Param(None, _one_of(ctx), odd_ctx),
                Param("lead", _one_of(None, *TABLES["combosSJ"]), _odd_not_none()),
            ],
        ),
        Spec(
            "shengji.trump_context",
            shengji.trump_context,
            [
                Param(None, _one_of(variantSJ), _odd(variant4)),
                Param(None, _one_of(Rank.TWO, Rank.ACE), _odd_not_none("2", Rank.BIG_JOKER, 2)),
                Param(None, _one_of(None, Suit.HEARTS), _odd_not_none("H", 1)),
            ],
        ),
        Spec(
            "shengji.count_follows",
            shengji.count_follows,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(ctx), odd_ctx),
            ],
        ),
        Spec(
            "shengji.iter_follows",
            lambda *a: _consume(shengji.iter_follows(*a)),
            [  # type: ignore[arg-type]
                Param(None, _shengji_combo, _odd()),
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(ctx), odd_ctx),
            ],
        ),
        Spec(
            "shengji.explain_follow",
            shengji.explain_follow,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _hand, _odd_cards),
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(ctx), odd_ctx),
            ],
            refusal=lambda a: isinstance(a, Illegal),
        ),
        Spec(
            "shengji.random_follow",
            shengji.random_follow,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(ctx), odd_ctx),
                Param(None, lambda r: random.Random(r.randrange(99)), _odd()),
            ],
            _sound_follow_cards,
        ),
        Spec(
            "shengji.cheapest_follow",
            shengji.cheapest_follow,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _hand, _odd_cards),
                Param(None, _one_of(ctx), odd_ctx),
                Param(
                    None, _one_of(None, lambda c: 1.0), _odd_not_none(5, lambda: 1, lambda c: "x")
                ),
            ],
            _sound_follow_cards,
        ),
        Spec(
            "shengji.matches_structure",
            shengji.matches_structure,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _shengji_combo, _odd()),
                Param(None, _one_of(ctx), odd_ctx),
            ],
        ),
        Spec(
            "shengji.resolve_throw",
            shengji.resolve_throw,
            [
                Param(None, _shengji_combo, _odd()),
                Param(None, _one_of(0, 3), _odd(4)),
                Param(
                    None,
                    lambda r: [_hand(r) for _ in range(4)],
                    _odd_not_none([Cards()] * 3, ["3S"] * 4),
                ),
                Param(None, _one_of(ctx), odd_ctx),
            ],
        ),
        Spec(
            "shengji.settle",
            shengji.settle,
            [
                Param(None, _one_of(variantSJ), _odd(variant4)),
                Param("round_number", _one_of(1, 5), _odd(0)),
                Param(
                    "levels",
                    _one_of((Rank.TWO, Rank.FIVE)),
                    _odd_not_none(("2", "5"), (Rank.BIG_JOKER, Rank.TWO)),
                ),
                Param("banker", _one_of(0, 3), _odd(4)),
                Param("attacker_points", _one_of(0, 80, 235, 400), _odd(10**6)),
                Param(
                    "scores",
                    _one_of((0, 0, 0, 0)),
                    _odd_not_none((10**30, 0, 0, 0), (0,), (0.5, 0, 0, 0)),
                ),
                Param(
                    "penalties",
                    _one_of((0, 0, 0, 0)),
                    _odd_not_none((10**30, 0, 0, 0), (-1, 0, 0, 0), (0,)),
                ),
            ],
        ),
    ]


def service_specs(folder: Path) -> list[Spec]:
    """The judge, the case runner, the records, the simulation and the bots."""
    from cardrules import judge as judging
    from cardrules import records
    from cardrules import simulate as simulating
    from cardrules.bots import RandomBot, askers, play_round, turns
    from cardrules.cases import (
        clause_index,
        find_case_files,
        load_case_file,
        load_case_text,
        refusal_keys,
        rule_on,
        run_case,
    )
    from cardrules.errors import VariantError
    from cardrules.events import seen_by
    from cardrules.position import load_position

    chain = {
        "game": "siyaosi",
        "variant": "classic",
        "leader": 0,
        "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
    }
    position = load_position(chain)
    case_text = (
        'format = 1\n[positions.p]\ngame = "siyaosi"\nvariant = "classic"\nleader = 0\n'
        'hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]\n'
        '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 8S", "2: 8C 8C"]\n'
        'expect = "legal"\nrules = ["4A4-CHAIN-1"]\n'
    )
    case_path = folder / "case.toml"
    case_path.write_text(case_text, encoding="utf-8")
    case = load_case_file(case_path).cases[0]
    state = siyaosi.State.from_position(position)
    events = state.step(state.parse_move("0: 8S"))[1]
    variant4 = VARIANTS["siyaosi"]
    short = siyaosi.load_variant("one-deck", overrides={"start_level": "A"})
    record_bots: list[Any] = [RandomBot()] * 4
    finished, _ = play_round(siyaosi.Match.new(short, seed=4), record_bots, random.Random(4))
    record = finished.to_record()
    tiny = siyaosi.State.from_position(load_position({**chain, "hands": ["3S", "4S", "5S", "6S"]}))

    def moves_good(rng: random.Random) -> object:
        return rng.choice([["0: 8S"], ["0: 8S", "2: 8C 8C"], ["0: 9D", "1: KH"], ["1: 8D"]])

    def moves_bad(rng: random.Random) -> object:
        return rng.choice(
            [
                5,
                "0: 8S",
                b"0: 8S",
                [],
                ["0: 8S", 5],
                [None],
                ["0: 8S\u00a0"],
                ["x"] * 100_001,
                (m for m in ["0: 8S"]),
            ]
        )

    odd_record = _odd("r.toml", record.to_json())
    return [
        Spec(
            "judge.judge",
            judging.judge,
            [
                Param(None, _one_of(position, chain), _odd_not_none({"game": "siyaosi"}, {"x": 1})),
                Param(None, moves_good, moves_bad),
                Param("view", _one_of(None, 0, 2, 3), _odd_not_none(4)),
            ],
            weight=4,
        ),
        Spec("judge.judge_case", judging.judge_case, [Param(None, _one_of(case), _odd(position))]),
        Spec(
            "judge.draw",
            judging.draw,
            [
                Param(None, _one_of(state, tiny), _odd(position, state.view(0))),
                Param(None, _one_of(None, 0, 3), _odd_not_none(4)),
            ],
        ),
        Spec(
            "cases.load_case_text",
            load_case_text,
            [
                Param(
                    None,
                    _one_of(case_text, case_text.encode()),
                    lambda r: r.choice([*ODD_VALUES, case_text + "\u00a0", "\ud800", "x" * 10**6]),
                ),
                Param(
                    "base",
                    _one_of(folder, str(folder)),
                    _odd_not_none(folder / "nosuch", "\x00", "x" * 5000),
                ),
                Param(
                    "name",
                    _one_of("<text>", "c.toml"),
                    _odd_but(lambda v: isinstance(v, str) and 0 < len(v) <= 128 and "/" not in v),
                ),
                Param("require_expect", _one_of(True, False), _not_a_bool(0, "no")),
                Param("allow_outside", _one_of(True, False), _not_a_bool(1)),
            ],
            weight=2,
        ),
        Spec(
            "cases.load_case_file",
            load_case_file,
            [
                Param(
                    None,
                    _one_of(case_path, str(case_path)),
                    _odd_not_none(folder, folder / "nosuch.toml", "\x00", "x" * 10_000),
                ),
                Param("require_expect", _one_of(True, False), _not_a_bool(0)),
                Param("allow_outside", _one_of(True, False), _not_a_bool(1)),
            ],
        ),
        Spec("cases.run_case", run_case, [Param(None, _one_of(case), _odd(position))]),
        Spec("cases.rule_on", rule_on, [Param(None, _one_of(case), _odd(position))]),
        Spec(
            "cases.find_case_files",
            lambda p: list(find_case_files(p)),
            [
                Param(
                    None,
                    _one_of([folder], [str(case_path)]),
                    _odd_but(_paths_of, [5], [None], "x", ["\x00"]),
                ),
            ],
        ),
        Spec(
            "cases.clause_index",
            clause_index,
            [
                Param(None, _one_of(None, folder), _odd_not_none("x" * 5000)),
                Param("lang", _one_of("en", "zh"), _odd_not_none("fr", "EN")),
            ],
            budget=0.5,
        ),
        Spec(
            "cases.refusal_keys",
            refusal_keys,
            [
                Param(None, _one_of(VariantError("x", key="decks")), _odd()),
                Param(None, _one_of("siyaosi", "shengji"), _odd_not_none("poker")),
            ],
        ),
        Spec(
            "records.read_record",
            records.read_record,
            [
                Param(
                    None,
                    _one_of("r.toml", folder / "r.json", "٣"),
                    _not_text,
                ),
                Param(
                    "text",
                    _one_of(record.to_toml(), json.dumps(record.to_json())),
                    _odd_not_none(b"x", "\ud800"),
                ),
            ],
            weight=2,
            budget=0.3,
        ),
        Spec(
            "records.replay", records.replay, [Param(None, _one_of(record), odd_record)], budget=0.5
        ),
        Spec(
            "records.render",
            records.render,
            [
                Param(None, _one_of(record), odd_record),
                Param("round_number", _one_of(None, 1), _odd_not_none(0, 10**6)),
                Param("seat", _one_of(None, 0, 3), _odd_not_none(4)),
            ],
            budget=0.5,
        ),
        Spec(
            "records.play_moves",
            records.play_moves,
            [
                Param(None, lambda r: siyaosi.Match.new(short, seed=4), _odd(state, state.view(0))),
                Param(None, _one_of(record), odd_record),
                Param(
                    None,
                    _one_of(None, []),
                    _odd_but(lambda v: v is None or isinstance(v, list), 5, ()),
                ),
            ],
            budget=0.5,
        ),
        Spec(
            "records.Record",
            lambda **k: records.Record(**k),
            [  # type: ignore[arg-type]
                Param("game", _one_of("siyaosi"), _odd_not_none("poker")),
                Param("variant", _one_of(short), _odd(VARIANTS["shengji"])),
                Param("seed", _one_of(4), _odd_seeds),
                Param(
                    "moves",
                    _one_of(record.moves),
                    _odd_but(
                        lambda v: (
                            isinstance(v, list | tuple)
                            and all(type(m) is str and len(m) <= 4096 for m in v)
                        ),
                        ("x" * 5000,),
                        [5],
                    ),
                ),
                Param("result", _one_of(None, record.result), _odd_not_none([1], {"x": {1}})),
                Param(
                    "comments",
                    _one_of({}, {0: "x"}),
                    _odd_but(lambda v: v == {}, {-1: "x"}, {10**6: "x"}, {0: 5}, {"0": "x"}),
                ),
            ],
        ),
        Spec(
            "simulate.simulate",
            simulating.simulate,
            [
                Param(None, _one_of("siyaosi"), _odd_not_none("poker")),
                Param(
                    None,
                    _one_of([variant4]),
                    _odd_not_none([], [VARIANTS["shengji"]], ["classic"], [variant4] * 100),
                ),
                Param("games", _one_of(1), _odd(0, 10**7)),
                Param("seed", _seeds, _odd_seeds),
                Param("bot", _one_of("random"), _odd_not_none("genius")),
                Param("workers", _one_of(1), _odd_not_none(0, 2000)),
                Param(
                    "cluster",
                    _one_of(None),
                    _odd_not_none("not a url", "tcp://h", "foo://h:1", "tcp://h:0"),
                ),
                Param(
                    "connect_timeout",
                    _one_of(5),
                    _odd_but(lambda v: type(v) in (int, float) and 0 < v <= 600, 0, -1, 10**6),
                ),
                Param(
                    "progress",
                    _one_of(None),
                    _odd_but(lambda v: v is None or v is print, 5, "x"),
                ),
            ],
            budget=3.0,
        ),
        Spec(
            "bots.play_round",
            play_round,
            [
                Param(None, _one_of(tiny), _odd(state.view(0), position)),
                Param(
                    None,
                    _one_of([RandomBot()] * 4),
                    _odd_not_none([RandomBot()] * 3, [None] * 4, [5] * 4),
                ),
                Param(None, lambda r: random.Random(r.randrange(9)), _odd()),
            ],
        ),
        Spec(
            "bots.turns",
            lambda *a, **k: list(turns(*a, **k)),
            [
                Param(None, _one_of(tiny), _odd(position)),
                Param(None, _one_of([RandomBot()] * 4), _odd_not_none([RandomBot()] * 5)),
                Param(None, lambda r: random.Random(r.randrange(9)), _odd()),
                Param("max_moves", _one_of(100), _odd(0)),
            ],
        ),
        Spec(
            "bots.askers",
            askers,
            [Param(None, _one_of(state, tiny, state.view(1)), _odd(position))],
        ),
        Spec(
            "bots.RandomBot",
            RandomBot,
            [
                Param(
                    None,
                    _one_of(0.3, 0.0, 1.0),
                    _one_of(-1, 2, 1.0000001, math.nan, math.inf, "x", None, True, 10**30, [0.5]),
                )
            ],
        ),
        Spec(
            "bots.RandomBot.choose",
            lambda v, g: RandomBot().choose(v, g),
            [
                Param(None, _one_of(state.view(0), state.view(1)), _odd(state)),
                Param(None, lambda r: random.Random(r.randrange(9)), _odd()),
            ],
        ),
        Spec(
            "siyaosi.HeuristicBot.choose",
            lambda v, g: siyaosi.HeuristicBot().choose(v, g),
            [
                Param(None, _one_of(state.view(0), state.view(1)), _odd(state)),
                Param(None, lambda r: random.Random(r.randrange(9)), _odd()),
            ],
        ),
        Spec(
            "events.seen_by",
            lambda e, s: list(seen_by(e, s)),
            [
                Param(
                    None, _one_of(events, list(events)), _odd_but(_events_of, [5], ["x"], [None])
                ),
                Param(None, _one_of(0, 3, 4), _odd_not_none(100)),
            ],
        ),
        Spec(
            "events.write_events",
            cardrules.write_events,
            [
                Param(None, _one_of("siyaosi"), _odd_not_none("poker")),
                Param(None, _one_of(events), _not_a_list(5, "x")),
            ],
        ),
        Spec(
            "siyaosi.events_to_json",
            siyaosi.events_to_json,
            [Param(None, _one_of(events), _not_a_list(5))],
        ),
    ]


# ---------------------------------------------------------------------- the command line
def _cli_call(argv: list[str], stdin: str = "quit\n") -> Callable[[], object]:
    from cardrules.cli import main

    def call() -> object:
        out, err = io.StringIO(), io.StringIO()
        before = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        finally:
            sys.stdin = before
        return code, out.getvalue(), err.getvalue()

    return call


def _files(folder: Path) -> list[Path]:
    """Odd files for the commands that read one: binary, empty, large, deep, real ones."""
    record_text = ""
    short = siyaosi.load_variant("one-deck", overrides={"start_level": "A"})
    from cardrules.bots import RandomBot, play_round

    bots: list[Any] = [RandomBot()] * 4
    finished, _ = play_round(siyaosi.Match.new(short, seed=4), bots, random.Random(4))
    record_text = finished.to_record().to_toml()
    made = {
        "empty.toml": "",
        "binary.toml": bytes(range(256)) * 40,
        "large.toml": "x = 1\n" * 400_000,
        "deep.toml": "x = " + "[" * 5000 + "]" * 5000,
        "nbsp.toml": 'format = 1\n[[case]]\nid = "a"\nkind = "classify"\ngame = "siyaosi"\n'
        'cards = "3S\u00a03H"\n',
        "record.toml": record_text,
        "record.json": json.dumps(finished.to_record().to_json()),
        "forged.toml": _flip_winner(finished.to_record()).to_toml(),
        "half.toml": record_text[: len(record_text) // 2],
        "variant.toml": 'game = "siyaosi"\nextends = "classic"\nname = "house"\ndecks = 3\n',
        "bad-variant.toml": 'game = "siyaosi"\nextends = "classic"\ndecks = 1' + "0" * 30 + "\n",
        "comment.toml": record_text + "\n[comments]\n'٣' = 'x'\n",
    }
    paths = []
    for name, body in made.items():
        path = folder / "files" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, str):
            path.write_text(body, encoding="utf-8")
        else:
            path.write_bytes(body)
        paths.append(path)
    # Real case files, copied: a command given a path may write to it (play --save, ...), and a
    # probe must never touch the checkout.
    spec = Path(__file__).resolve().parent.parent / "spec" / "cases"
    for source in sorted(spec.rglob("*.toml"))[:6]:
        copy = folder / "files" / f"spec-{source.parent.name}-{source.name}"
        copy.write_bytes(source.read_bytes())
        paths.append(copy)
    return paths


def cli_probes(rng: random.Random, count: int, folder: Path) -> Iterator[Probe]:
    """``count`` runs of the command line with odd arguments and files."""
    files = [str(p) for p in _files(folder)]
    odd_args = [
        "-1",
        "0",
        "99",
        "1.5",
        "nan",
        "",
        " ",
        "\u00a0",
        "٣",
        "x" * 5000,
        "--",
        "-",
        str(10**30),
        "1e9",
        "/",
        str(folder),
        str(folder / "nosuch"),
        "/dev/null",
        "--bogus",
        "\x1b[2J",
    ]

    def arg(rng: random.Random) -> str:
        return rng.choice(odd_args + files)

    def command(rng: random.Random) -> tuple[list[str], float]:
        pick = rng.randrange(13)
        if pick == 0:
            return [
                "variant",
                rng.choice(["list", "show", "validate", "diff", "bogus"]),
                *[arg(rng) for _ in range(rng.randrange(3))],
            ], BUDGET
        if pick == 1:
            return [
                "variant",
                "show",
                rng.choice(["classic", "four-deck", arg(rng)]),
                *rng.choice([[], ["--game", arg(rng)], ["--bare"]]),
            ], BUDGET
        if pick == 2:
            return ["spec", *[rng.choice(files) for _ in range(rng.randrange(1, 3))]], 2.0
        if pick == 3:
            return [
                "judge",
                rng.choice(files),
                *rng.choice([[], ["--json"], ["--lang", arg(rng)], ["--lang", "zh"]]),
            ], 1.0
        if pick == 4:
            return [
                "explain",
                rng.choice(["4A4-CHAIN-1", "sj-follow-2", "Y-TABLE-1", arg(rng)]),
                *rng.choice([[], ["--lang", "zh"], ["--lang", arg(rng)]]),
            ], 1.0
        if pick == 5:
            return ["schema", *rng.choice([[], ["siyaosi.state"], [arg(rng)]])], BUDGET
        if pick == 6:
            return [
                "replay",
                rng.choice(files),
                *rng.choice(
                    [
                        [],
                        ["--round", arg(rng)],
                        ["--seat", arg(rng)],
                        ["--round", "1"],
                        ["--seat", "2"],
                    ]
                ),
            ], 1.0
        if pick == 7:
            return [
                "play",
                rng.choice(["siyaosi", "shengji", arg(rng)]),
                *rng.choice(
                    [
                        [],
                        ["--seat", arg(rng)],
                        ["--seed", arg(rng)],
                        ["--bot", arg(rng)],
                        ["--variant", arg(rng)],
                        ["--record", arg(rng)],
                    ]
                ),
                "--record",
                "-",
            ], 2.0
        if pick == 8:
            spoil = rng.choice(
                [
                    ["--games", arg(rng)],
                    ["--seed", arg(rng)],
                    ["--workers", arg(rng)],
                    ["--cluster", arg(rng)],
                    ["--bot", arg(rng)],
                    ["--variant", arg(rng)],
                    ["--connect-timeout", arg(rng)],
                ]
            )
            games = spoil[1] if spoil[0] == "--games" else "1"
            many = int(games) if games.isascii() and games.isdigit() and len(games) < 4 else 1
            return [  # more games asked for are more work by design: a budget per game
                "simulate",
                "siyaosi",
                "--games",
                "1",
                "--workers",
                "1",
                "--bot",
                "random",
                *spoil,
            ], 3.0 + SIMULATED_GAME * max(0, many - 1)
        if pick == 9:
            return [
                "demo",
                *rng.choice(
                    [
                        ["--seed", arg(rng)],
                        ["--game", arg(rng)],
                        ["--variant", arg(rng)],
                        ["--record", arg(rng)],
                    ]
                ),
            ], 3.0
        if pick == 10:
            return [arg(rng) for _ in range(rng.randrange(1, 4))], BUDGET
        if pick == 11:
            return ["--version"], BUDGET
        return [
            rng.choice(
                [
                    "variant",
                    "spec",
                    "judge",
                    "explain",
                    "schema",
                    "replay",
                    "play",
                    "simulate",
                    "demo",
                ]
            ),
            "--help",
        ], BUDGET

    for _ in range(count):
        argv, budget = command(rng)
        yield Probe(
            "cli",
            f"cardrules {argv[0]}",
            "cardrules " + " ".join(_shown(a)[:40] for a in argv),
            _cli_call(argv),
            False,
            budget=budget,
            cli=True,
        )


# ---------------------------------------------------------------------- case files and records
def _mutate_text(rng: random.Random, text: str) -> str:
    """A TOML text changed as a hostile sender would: a value replaced, a character of another
    script mixed in, a number made huge, the text cut."""
    pick = rng.random()
    if pick < 0.15:
        return text[: rng.randrange(len(text) + 1)]
    lines = text.splitlines()
    if not lines:
        return text
    n = rng.randrange(len(lines))
    line = lines[n]
    if "=" in line and pick < 0.7:
        key = line.split("=", 1)[0]
        value = rng.choice(
            [
                "-1",
                "10000000000000000000000",
                "true",
                "1.5",
                "nan",
                '"\u00a0"',
                '"٣"',
                "[]",
                "{}",
                '"' + "x" * 5000 + '"',
                '"8S\u30008H"',
                '"BJ BJ BJ BJ BJ BJ BJ BJ BJ"',
                "[1, 2, 3]",
                '"0: 8S\u00a0"',
                '["0: 8S", 5]',
                "8",
                "99",
                '"four-deck"',
                '"classic"',
                "{ decks = 8 }",
                "{ players = 100 }",
            ]
        )
        lines[n] = f"{key}= {value}"
    elif pick < 0.85:
        spot = rng.randrange(len(line) + 1)
        lines[n] = line[:spot] + rng.choice(ODD_CHARS) + line[spot:]
    else:
        lines.insert(
            n, rng.choice(["[[case]]", "[positions.x]", "x = 1", "format = 2", "id = 'a'"])
        )
    return "\n".join(lines) + "\n"


def case_file_probes(rng: random.Random, count: int, folder: Path) -> Iterator[Probe]:
    """``count`` mutated case files, each loaded and (when it loads) every case run and judged."""
    from cardrules.cases import load_case_text, run_case
    from cardrules.judge import judge_case

    spec = Path(__file__).resolve().parent.parent / "spec" / "cases"
    texts = [p.read_text(encoding="utf-8") for p in sorted(spec.rglob("*.toml"))]
    small = [t for t in texts if len(t) < 20_000] or texts

    def load_and_rule(text: str) -> object:
        loaded = load_case_text(text, base=folder, require_expect=False)
        for case in loaded.cases[:5]:
            run_case(case)
            judge_case(case)
        return loaded

    for _ in range(count):
        text = _mutate_text(rng, rng.choice(small))
        yield Probe(
            "case files",
            "case file (load, run, judge)",
            f"{text[:80]!r}",
            lambda t=text: load_and_rule(t),
            False,
            budget=1.0,
        )


def record_probes(rng: random.Random, count: int) -> Iterator[Probe]:
    """``count`` mutated game records (TOML and JSON), read and replayed."""
    from cardrules.bots import RandomBot, play_round
    from cardrules.records import read_record, replay

    short = siyaosi.load_variant("one-deck", overrides={"start_level": "A"})
    bots: list[Any] = [RandomBot()] * 4
    sources = []
    for seed in (4, 5):
        finished, _ = play_round(siyaosi.Match.new(short, seed=seed), bots, random.Random(seed))
        sources.append(finished.to_record())
    sj = shengji.load_variant("four-deck", overrides={"match_rounds": 1})
    finished, _ = play_round(shengji.Match.new(sj, seed=4), bots, random.Random(4))
    sources.append(finished.to_record())

    def forged(rng: random.Random) -> tuple[str, bool]:
        record = rng.choice(sources)
        doc: dict[str, Any] = copy.deepcopy(record.to_json())
        pick = rng.random()
        if pick < 0.2 and doc.get("result"):
            result = doc["result"]
            key = rng.choice([k for k in result if k not in ("format",)])
            result[key] = rng.choice([0, 1, None, "x", [1], 10**30, True, result.get(key)])
            return json.dumps(doc), result != record.result
        if pick < 0.3:
            doc["moves"] = doc["moves"][: rng.randrange(len(doc["moves"]))]
            return json.dumps(doc), bool(doc.get("result"))
        if pick < 0.4:
            other = rng.choice(sources)
            doc["result"] = copy.deepcopy(other.to_json().get("result"))
            return json.dumps(doc), doc["result"] != record.result
        if pick < 0.55:
            doc[rng.choice(list(doc))] = rng.choice(
                [None, True, -1, 10**30, "x" * 5000, [], {}, "٣"]
            )
            return json.dumps(doc), True
        if pick < 0.7:
            key = rng.choice(["٣", "0", "１", "-1", "99999999", "3 ", ""])
            doc["comments"] = {key: "x"}
            return json.dumps(doc), key != "0"
        text = record.to_toml()
        return _mutate_text(rng, text), False

    for _ in range(count):
        text, must_refuse = forged(rng)
        yield Probe(
            "records",
            "records.read_record+replay",
            f"{text[:80]!r}",
            lambda t=text: replay(read_record("r.toml", text=t)),
            must_refuse,
            budget=1.0,
        )


# ---------------------------------------------------------------------- JSON documents
def _json_odd(rng: random.Random, other: Any) -> object:
    return rng.choice(
        [
            None,
            True,
            False,
            -1,
            0,
            1,
            2**64,
            10**30,
            10**5000,
            1.0,
            1.5,
            math.nan,
            "",
            "x",
            "2",
            "٣",
            "x" * 1_000_000,
            "3S\u00a03H",
            "BJ BJ BJ BJ BJ BJ BJ BJ BJ",
            [],
            [0],
            [10**30] * 4,
            [[[]]],
            {},
            {"seat": 7},
            other,
        ]
    )


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key not in ("format", "game", "type") or prefix:
                out.append((*prefix, key))
            out += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:12]):
            out.append((*prefix, i))
            out += _paths(value, (*prefix, i))
    return out


def json_probes(rng: random.Random, count: int) -> Iterator[Probe]:
    """``count`` tampered documents, each given to the reader of its type (the other helper's
    readers: probed here, not fixed here)."""
    from cardrules.judge import read_ruling

    readers: list[tuple[str, Callable[[Any], object], dict[str, Any]]] = []
    for subject in subjects():
        obj = subject.obj
        readers.append(
            (f"{subject.game}.{type(obj).__name__}.from_json", type(obj).from_json, obj.to_json())
        )
        if obj.is_over and hasattr(obj, "result"):
            result = obj.result()
            readers.append(
                (
                    f"{subject.game}.{type(result).__name__}.from_json",
                    type(result).from_json,
                    result.to_json(),
                )
            )
        for move in subject.moves[:1]:
            readers.append((f"{subject.game}.Move.from_json", type(move).from_json, move.to_json()))
    state = siyaosi.State.from_position(
        cardrules.load_position(
            {
                "game": "siyaosi",
                "variant": "classic",
                "leader": 0,
                "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
            }
        )
    )
    _after, events = state.step(state.parse_move("0: 8S"))
    readers.append(
        ("siyaosi.events_from_json", siyaosi.events_from_json, siyaosi.events_to_json(events))
    )
    from cardrules.judge import judge

    ruling = judge(
        {
            "game": "siyaosi",
            "variant": "classic",
            "leader": 0,
            "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
        },
        ["0: 8S"],
    )
    readers.append(("judge.read_ruling", lambda d: read_ruling(d, "siyaosi"), ruling.to_json()))

    def sound(reader: Callable[[Any], object]) -> Callable[[object], str | None]:
        def check(answer: object) -> str | None:
            loaded: Any = answer
            if hasattr(loaded, "to_json") and reader(loaded.to_json()) != loaded:
                return "its JSON does not read back as it"
            if hasattr(loaded, "legal_moves") and not loaded.is_over:
                legal = loaded.legal_moves()
                if legal.listable():
                    for move in itertools.islice(legal, 3):
                        if hasattr(loaded, "apply"):
                            loaded.apply(move)
                        elif loaded.explain(move) is not None:
                            return f"listed {move}, which it refuses"
            return None

        return check

    for _ in range(count):
        entry, reader, doc = rng.choice(readers)
        tampered: Any = copy.deepcopy(doc)
        other = rng.choice(readers)[2]
        for _ in range(rng.randrange(1, 3)):
            places = _paths(tampered)
            if not places:
                break
            path = rng.choice(places)
            parent = tampered
            for step in path[:-1]:
                parent = parent[step]
            how = rng.random()
            if how < 0.7:
                parent[path[-1]] = _json_odd(
                    rng, other.get(path[-1]) if isinstance(path[-1], str) else other
                )
            elif how < 0.85:
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent["extra"] = 1
        if rng.random() < 0.4:
            try:
                data: Any = json.dumps(tampered)
            except (ValueError, TypeError):
                data = tampered
        else:
            data = tampered
        if rng.random() < 0.05:
            data = rng.choice(
                ["", "{", "[]", "null", "x" * 2_000_000, b"\xff", 5, None, "{" * 100_000]
            )
        yield Probe(
            "json",
            entry,
            f"{entry}({_cut(_shown(data), 80)})",
            lambda r=reader, d=data: r(d),
            False,
            sound(reader),
            budget=BUDGET,
        )


def _flip_winner(record: Any) -> Any:
    import attrs

    result = dict(record.result)
    result["winner"] = 1 - result["winner"] if result.get("winner") in (0, 1) else 0
    return attrs.evolve(record, result=result)


# ---------------------------------------------------------------------- running it all
#: Inputs per section in a full run (about 50,000 in all); ``--quick`` takes a twentieth.
SECTIONS: dict[str, int] = {
    "states": 20_000,
    "core": 10_000,
    "games": 5_000,
    "services": 4_000,
    "cli": 2_500,
    "case files": 1_500,
    "records": 1_500,
    "json": 5_500,
}


def probes(
    rng: random.Random, scale: float, folder: Path, only: Sequence[str] = ()
) -> tuple[list[Subject], Iterator[Probe]]:
    """The subjects (to check they did not change) and every probe of the chosen sections,
    ``scale`` times their full size."""
    global KNOWN_CODES
    _prepare()
    KNOWN_CODES = _known_codes()
    everyone = subjects()

    def size(section: str) -> int:
        return max(1, round(SECTIONS[section] * scale)) if not only or section in only else 0

    def chained() -> Iterator[Probe]:
        yield from state_probes(rng, size("states"), everyone)
        yield from draws("core", core_specs(), rng, size("core"))
        yield from draws("games", game_specs(), rng, size("games"))
        yield from draws("services", service_specs(folder), rng, size("services"))
        yield from cli_probes(rng, size("cli"), folder) if size("cli") else iter(())
        yield from case_file_probes(rng, size("case files"), folder)
        yield from record_probes(rng, size("records")) if size("records") else iter(())
        yield from json_probes(rng, size("json")) if size("json") else iter(())

    return everyone, chained()


#: The checkout: no probe may write into it (a command given a path may write to it).
CHECKOUT = Path(__file__).resolve().parent.parent


def _checkout_files() -> dict[str, tuple[int, int]]:
    """Every file of the checkout but git's own and caches: its size and modification time."""
    found = {}
    for path in CHECKOUT.rglob("*"):
        parts = path.relative_to(CHECKOUT).parts
        if parts[0] in (".git", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"):
            continue
        if "__pycache__" in parts or not path.is_file():
            continue
        info = path.stat()
        found[str(path.relative_to(CHECKOUT))] = (info.st_size, info.st_mtime_ns)
    return found


def run_all(
    *,
    scale: float = 1.0,
    seed: int = 19,
    only: Sequence[str] = (),
    examples: int = 5,
    limit: int | None = None,
) -> Report:
    """Run the probe (``scale`` 1: about 50,000 inputs; at most ``limit`` if given) and report.
    The calls run in a temporary working folder; the subjects' documents and the checkout's
    files are compared before and after (a call that changed one is mishandled)."""
    report = Report()
    rng = random.Random(seed)
    files_before = _checkout_files()
    here = Path.cwd()
    with tempfile.TemporaryDirectory() as name:
        work = Path(name) / "cwd"
        work.mkdir()
        os.chdir(work)  # a relative path a command writes to ("--record -") lands here
        try:
            everyone, stream = probes(rng, scale, Path(name), only)
            before = [json.dumps(s.obj.to_json(), sort_keys=True) for s in everyone]
            for probe in itertools.islice(stream, limit):
                report.add(run(probe), examples)
        finally:
            os.chdir(here)
        for subject, doc in zip(everyone, before, strict=True):
            if json.dumps(subject.obj.to_json(), sort_keys=True) != doc:
                probe = Probe(
                    "states", subject.name, "its document after the probe", lambda: None, False
                )
                report.add(Outcome(probe, "changed", "a call changed it"), examples)
    files_after = _checkout_files()
    for path in sorted(files_before.keys() | files_after.keys()):
        if files_before.get(path) != files_after.get(path):
            probe = Probe("checkout", path, "a file of the checkout", lambda: None, False)
            report.add(Outcome(probe, "changed", "written during the probe"), examples)
    return report


def print_report(report: Report) -> None:
    """The counts per section and kind, then the first examples of each mishandled kind."""
    kinds = ["accepted", "refused", *MISHANDLED]
    order = [*SECTIONS, "checkout"]
    sections = sorted({s for s, _ in report.by_section}, key=order.index)
    print(f"{report.total} inputs probed; {report.mishandled} mishandled")
    print(f"{'section':<12}" + "".join(f"{k:>13}" for k in kinds))
    for section in sections:
        print(f"{section:<12}" + "".join(f"{report.by_section[section, k]:>13}" for k in kinds))
    for kind in MISHANDLED:
        found = report.examples.get(kind)
        if not found:
            continue
        print(f"\n{kind} ({report.counts[kind]}):")
        for outcome in found:
            print(f"  {outcome.probe.entry}: {_cut(outcome.probe.what, 140)}")
            print(f"      -> {outcome.detail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a twentieth of the inputs")
    parser.add_argument("--scale", type=float, help="this share of the full size (1: ~50,000)")
    parser.add_argument("--limit", type=int, help="stop after this many inputs")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--examples", type=int, default=5, help="examples per mishandled kind")
    parser.add_argument("--only", action="append", default=[], choices=list(SECTIONS))
    args = parser.parse_args()
    started = time.perf_counter()
    scale = args.scale if args.scale is not None else 0.05 if args.quick else 1.0
    report = run_all(
        scale=scale, seed=args.seed, only=args.only, examples=args.examples, limit=args.limit
    )
    print_report(report)
    print(f"\n{time.perf_counter() - started:.0f} s")
    sys.exit(1 if report.mishandled else 0)


if __name__ == "__main__":
    main()
