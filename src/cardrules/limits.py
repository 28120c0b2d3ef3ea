"""The limits every reader of outside input enforces, in one place (README: "Limits on input").

Files, card texts and names come from people and programs we do not control. Each limit is far
above what a real variant, case file or hand needs (the sizes and counts below are what
``python benchmarks/bench_limits.py`` prints: seeded, the same on any machine) and low enough
that a call on input within it keeps to the budget of a call (README, "Worst case per call":
``python benchmarks/bench_hostile.py``). A reader checks the limit *before* doing work in
proportion to the input, so a 55 MB file or a card text of ten million tokens is refused as
cheaply as a small one (the first table ``python benchmarks/bench_hostile.py`` prints).

:func:`quote` is how an error message repeats input: a bounded, escaped prefix, so a message is
always one short line however large or strange the input was. An integer too long to write as
text (Python refuses to convert one of more than ``sys.get_int_max_str_digits()`` digits, 4,300
by default) is named by its length instead: ``an integer of 5001 digits``.
"""

from __future__ import annotations

import math
import reprlib

__all__ = [
    "MAX_CARD_TOKENS",
    "MAX_CASES",
    "MAX_COPIES",
    "MAX_DEPTH",
    "MAX_EXTENDS",
    "MAX_FILE_BYTES",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_LINE_CHARS",
    "MAX_LISTED_MOVES",
    "MAX_MOVE_TEXT",
    "MAX_NAME_CHARS",
    "MAX_PATHS",
    "MAX_PATH_CHARS",
    "MAX_RECORD_BYTES",
    "MAX_RECORD_MOVES",
    "MAX_SUITE_CASES",
    "MAX_SUITE_FILE_BYTES",
    "QUOTE_CHARS",
    "quote",
]

#: Bytes read from any file (variant, preset, case file, clause file). The largest case file of
#: the spec is 55 KB (54,949 bytes, ``python benchmarks/bench_limits.py``); the slowest file of
#: this size found (an array of small integers) parses within the budget of a call
#: (``load_variant`` in ``python benchmarks/bench_hostile.py``).
MAX_FILE_BYTES = 128 * 1024
#: How deep arrays and inline tables may nest in a TOML file, and how many parts a dotted key may
#: have (the spec's case files and the presets need 4 and 2:
#: ``python benchmarks/bench_limits.py``; the standard parser recurses on the first and is
#: quadratic in the second).
MAX_DEPTH = 32
#: ``[[case]]`` entries in one case file (the largest file of the spec has 199:
#: ``python benchmarks/bench_limits.py``; a file of 500 loads within the budget of a call:
#: ``cases.load_case_file`` in ``python benchmarks/bench_hostile.py``).
MAX_CASES = 500
#: The most a caller running its own suite may raise ``MAX_FILE_BYTES`` to (``cardrules spec
#: --max-file-kib``, ``load_case_file(…, max_bytes=)``): a conformance suite is the runner's
#: choice, not a stranger's file, yet no call may read without bound.
MAX_SUITE_FILE_BYTES = 16 * 1024 * 1024
#: The most a caller running its own suite may raise ``MAX_CASES`` to (``cardrules spec
#: --max-cases``, ``load_case_file(…, max_cases=)``).
MAX_SUITE_CASES = 20_000
#: ``extends`` hops from the file named to the last file or preset it builds on.
MAX_EXTENDS = 8
#: Characters in a preset name, a case id or a phase name.
MAX_NAME_CHARS = 128
#: Characters in a path written inside a file (``extends``, a position's ``variant``).
MAX_PATH_CHARS = 1024
#: Paths one call names (``find_case_files``, ``cardrules spec PATH…``): a shell's command line
#: holds a few thousand.
MAX_PATHS = 10_000
#: Copies of one card in any card text: eight decks, the most any game here plays with.
MAX_COPIES = 8
#: Tokens in one card text: every card of :data:`MAX_COPIES` decks (54 cards each).
MAX_CARD_TOKENS = MAX_COPIES * 54
#: Characters of input an error message repeats before it cuts with "…".
QUOTE_CHARS = 60
# Bits of an integer an error message writes out (about 54 digits); a longer one is named by its
# length (writing it out costs time in the square of its length, and fails past Python's limit).
_QUOTE_BITS = 180
#: Characters of one line the command line prints from a message (an error, a failing case).
MAX_LINE_CHARS = 1000
#: Bytes of one JSON document read (a state, a view, an event log …); a four-deck Shengji state
#: is 3.1 KB at most (3,145 bytes), the event log of a match's first round, the deal included,
#: 37 KB (37,112 bytes at most): ``python benchmarks/bench_limits.py``.
MAX_JSON_BYTES = 1024 * 1024
#: How deep arrays and objects may nest in a JSON document (a Shengji state needs 3:
#: ``python benchmarks/bench_limits.py``).
MAX_JSON_DEPTH = 32
#: Characters in one move text (a four-deck throw of 52 hearts is 162, an eight-deck hand of
#: 104 hearts 322: ``python benchmarks/bench_limits.py``).
MAX_MOVE_TEXT = 4096
#: Bytes of a game record (the record of a whole four-deck Shengji match between random
#: players, every card dealt and every bid included, is 255 KB at the median of ten seeded
#: matches, 293 KB the largest: ``python benchmarks/bench_limits.py``).
MAX_RECORD_BYTES = 2 * 1024 * 1024
#: Moves one listing of the legal moves may hold, CORE-API-3 (Choices too large to list): a
#: choice with more (a burial of 8 cards from 60 has 81,729,049: the column ``moves`` of
#: ``python benchmarks/bench_choices.py``) is described instead, and iterating it is refused
#: (``too-many-moves``) before any move is built. What listing costs is
#: ``python benchmarks/bench_choices.py``'s: the largest listable lead of its rounds, 46,652
#: moves, took 95 ms to list on 2026-12-07 and holds 27.6 MB (593 bytes a move).
#: Of the 4,437 leads of 100 seeded random four-deck rounds 6.2% have more (the median 1,188, the
#: largest 1,494,820), their largest follow 7,771, and a 四幺四 listing (one canonical card
#: choice per effect) at four decks 277 at most: ``python benchmarks/bench_limits.py``.
MAX_LISTED_MOVES = 50_000
#: Moves in one game record: a four-deck Shengji round is about 400 moves (398 on average), and
#: the longest record of ten seeded random matches 23,129 moves:
#: ``python benchmarks/bench_limits.py``. The property tests hold a random match to 150 rounds
#: (a bound the tests assert, not a measurement), SJ-MATCH-2 (The end of the match).
MAX_RECORD_MOVES = 100_000


class _Quoter(reprlib.Repr):
    """``reprlib`` bounds depth and the items shown; strings are cut to a prefix (not reprlib's
    middle cut) so the reader sees where the input starts."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = self.maxfrozenset = 6
        self.maxlong = self.maxother = QUOTE_CHARS
        self.fillvalue = "…"

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[:QUOTE_CHARS]) + ("…" if len(x) > QUOTE_CHARS else "")

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > _QUOTE_BITS:
            return f"an integer of {_digits(x)} digits"
        return super().repr_int(x, level)


_QUOTER = _Quoter()


def _digits(value: int) -> int:
    """How many decimal digits ``abs(value)`` has, found without writing it out (which Python
    refuses for very long integers, and which costs time in the square of the length)."""
    n = abs(value)
    if n < 10:
        return 1
    guess = int((n.bit_length() - 1) * math.log10(2)) + 1  # exact or one short
    return guess + 1 if n >= 10**guess else guess


def quote(value: object) -> str:
    """``repr(value)`` cut to a bounded, escaped, one-line form for an error message: at most
    :data:`QUOTE_CHARS` characters of a string (then "…"), and a few items of a container."""
    return _QUOTER.repr(value)
