"""Game records: a whole game written down, in the spirit of a chess PGN, as TOML.

A record names the game, the variant (the whole resolved table, so a record stays valid when a
preset changes; a hand-written one may name a preset), the seed the deals come from, every move
of every phase in the case-file notation, the result as the game's JSON document, and optional
comments by move number::

    format = 1
    game = "siyaosi"
    seed = 7
    moves = ["0: 3D", "1: 4S", "2: pass", …]
    result = '{"format": 1, "game": "siyaosi", "type": "result", …}'

    [variant]
    game = "siyaosi"
    name = "classic"
    …

    [comments]
    12 = "a cha out of turn"

The same record has a JSON form (:meth:`Record.to_json`, the schema ``siyaosi.record`` or
``shengji.record``): the same keys, with the result as an object rather than JSON text.
:meth:`Record.write` writes it to a path ending ``.json`` and TOML to any other; :func:`read_record`
reads either, whatever the file is called (a JSON record is an object, ``{`` first, which no TOML
document can start with).

Every command that plays writes one (``cardrules play``, ``demo --record``); :func:`replay`
plays one back from the seed — a whole match where the game has one, else one round — and
refuses a record whose moves are illegal, naming the move and the clause.

A record proves its result: the ``result`` it states must be the one its moves produce. Its moves
end the game exactly when it states a result — a record of a finished game without one, a
result the moves do not reach (moves cut short), or another result (a winner flipped, another
game's, nonsense) is refused by :func:`replay`, :func:`steps`, :func:`render`,
:meth:`Recording.from_record` and ``cardrules replay`` with a :class:`RecordError` (code
``bad-record``, ``key`` ``"result"``). A comment names a move of the record by its number, in
ASCII digits.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, cast

import attrs

from cardrules import args
from cardrules.args import MAX_SEED, shown
from cardrules.errors import ArgumentError, CardrulesError, IllegalMoveError, RecordError
from cardrules.events import Event, seen_by
from cardrules.game import GameState, MoveLike, Steps
from cardrules.jsonio import JSON, JSONObject, dumps, parse_json
from cardrules.limits import (
    MAX_MOVE_TEXT,
    MAX_PATH_CHARS,
    MAX_RECORD_BYTES,
    MAX_RECORD_MOVES,
    quote,
)
from cardrules.multiset import Cards
from cardrules.registry import game_named
from cardrules.textio import decode_text, is_int, parse_toml, read_text
from cardrules.variant import VariantBase, dump_toml, load_variant, variant_from_table

__all__ = [
    "RECORD_SUFFIXES",
    "MoveLog",
    "Record",
    "RecordStep",
    "Recording",
    "check_result",
    "iter_steps",
    "play_moves",
    "read_record",
    "replay",
    "steps",
]

M = TypeVar("M", bound=MoveLike)
_KEYS = ("format", "game", "variant", "seed", "moves", "result", "comments")
#: The ``type`` of a document a record may state as its result: a round's, or a whole match's
#: (a 四幺四 match result, a Shengji standing). Whether it is the result the moves produce is known
#: only by playing them (:func:`check_result`).
_RESULT_TYPES = ("result", "match-result", "standing")
#: The file names a record is written under, by form: ``.toml`` (the default) and ``.json``.
RECORD_SUFFIXES = (".toml", ".json")


@attrs.frozen(kw_only=True)
class Record:
    """A whole game: everything needed to play it again, and what came of it.

    Built in code, a record is checked as :func:`read_record` checks one read from a file (a
    :class:`RecordError` naming the field): the game registered and the variant its own, a seed
    0 … 2^64-1, the moves a list of move texts (at most
    :data:`~cardrules.limits.MAX_RECORD_MOVES`), the result a JSON object or ``None``, each
    comment keyed by the number of a move of the record. Whether the result is the one the moves
    produce is known only by playing them: :func:`steps` checks it."""

    game: str
    variant: VariantBase
    seed: int
    moves: tuple[str, ...]
    result: JSONObject | None = None
    comments: Mapping[int, str] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        _check_fields(self)

    def to_toml(self) -> str:
        """The record as TOML text (the variant written whole)."""
        lines = ["# cardrules game record", "format = 1", f'game = "{self.game}"']
        lines.append(f"seed = {self.seed}")
        lines.append("moves = [")
        lines += [f'  "{m}",' for m in self.moves]
        lines.append("]")
        if self.result is not None:
            lines.append(dump_toml({"result": dumps(self.result)}).rstrip())
        lines.append("")
        lines.append("[variant]")
        lines.append(dump_toml(self.variant.to_table(), within="variant").rstrip())
        if self.comments:
            lines.append("")
            lines.append("[comments]")
            lines += [
                dump_toml({str(n): text}).rstrip() for n, text in sorted(self.comments.items())
            ]
        return "\n".join(lines) + "\n"

    def to_json(self) -> JSONObject:
        """The record as JSON: the keys of :meth:`to_toml` in the same order, the variant as its
        resolved table, the result as the game's result document (an object, not JSON text)."""
        doc: JSONObject = {"format": 1, "game": self.game, "seed": self.seed}
        doc["moves"] = list(self.moves)
        if self.result is not None:
            doc["result"] = self.result
        doc["variant"] = self.variant.to_json()
        if self.comments:
            doc["comments"] = {str(n): text for n, text in sorted(self.comments.items())}
        return doc

    def write(self, path: str | Path) -> None:
        """Write the record to ``path``: its JSON form (:meth:`to_json`) when the name ends
        ``.json``, else TOML (:meth:`to_toml`). A file that cannot be written is a
        :class:`CardrulesError` naming it."""
        if Path(path).suffix.lower() == ".json":
            text = json.dumps(self.to_json(), ensure_ascii=False, indent=2) + "\n"
        else:
            text = self.to_toml()
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as err:
            raise CardrulesError(
                f"cannot write the record to {path}: {err.strerror}", code="cannot-write"
            ) from None


def read_record(source: str | Path, *, text: str | None = None) -> Record:
    """A record from a file (or from ``text``, naming ``source`` in errors), in either form: JSON
    when its first character that is not white space is ``{``, else TOML. Every refusal is a
    :class:`RecordError` naming the file and the key."""
    if not isinstance(source, str | Path) or len(str(source)) > MAX_PATH_CHARS:
        raise ArgumentError(f"a file's path, got {shown(source)}", key="source")
    where = str(source)
    fail = partial(RecordError, path=where)
    if text is None:
        text = read_text(Path(source), fail, MAX_RECORD_BYTES)
    elif not isinstance(text, str):
        raise ArgumentError(f"a record's text is a string, got {shown(text)}", key="text")
    else:
        text = decode_text(text, fail, MAX_RECORD_BYTES)
    doc = _parse(text, fail)
    for key in doc:
        if key not in _KEYS:
            raise fail(f"unknown key {quote(key)} (a record has {', '.join(_KEYS)})")
    if doc.get("format") != 1 or not is_int(doc.get("format")):
        raise fail(f"'format = 1' is needed, got {quote(doc.get('format'))}")
    game = doc.get("game")
    try:
        entry = game_named(game)
        variant = _variant(doc.get("variant"), entry.name)
    except CardrulesError as err:
        raise fail(str(err)) from None
    seed = doc.get("seed")
    if not is_int(seed) or not 0 <= seed < 2**64:
        raise fail(f"'seed' is an integer 0 … 2^64-1, got {quote(seed)}")
    moves = doc.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise fail("'moves' is a list of move texts")
    if len(moves) > MAX_RECORD_MOVES:
        raise fail(f"more than {MAX_RECORD_MOVES} moves")
    result = doc.get("result")
    parsed = None
    if result is not None:
        value: JSON = result
        if isinstance(result, str):
            try:
                value = parse_json(result, f"{entry.name} result")
            except CardrulesError as err:
                raise fail(f"'result': {err}") from None
        elif not isinstance(result, dict):
            raise fail("'result' is the result document (as JSON text in TOML)")
        if not isinstance(value, dict):
            raise fail("'result' is a JSON object")
        parsed = value
    comments = doc.get("comments", {})
    if not isinstance(comments, dict):
        raise fail("'comments' maps move numbers to text", key="comments")
    for k, v in comments.items():
        # ASCII digits only: "٣".isdigit() is true, and int() reads it as 3
        if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) <= 6):
            raise fail(f"'comments': {quote(k)} is not a move number", key="comments")
        if not isinstance(v, str):
            raise fail(f"'comments': comment {k} is not text", key="comments")
    try:
        return Record(
            game=entry.name,
            variant=variant,
            seed=seed,
            moves=tuple(moves),
            result=parsed,
            comments={int(k): v for k, v in comments.items()},
        )
    except RecordError as err:
        raise fail(str(err), key=err.key) from None


def _check_fields(record: Record) -> None:
    """Refuse a record whose fields are not what a record holds, naming the field."""
    try:
        entry = game_named(record.game)
    except CardrulesError as err:
        raise RecordError(str(err), key="game") from None
    variant = record.variant
    if not isinstance(variant, VariantBase) or variant.game != entry.name:
        raise RecordError(
            f"'variant' is a {entry.name} variant, got {shown(variant)}", key="variant"
        )
    if not is_int(record.seed) or not 0 <= record.seed <= MAX_SEED:
        raise RecordError(f"'seed' is an integer 0 … 2^64-1, got {shown(record.seed)}", key="seed")
    moves = record.moves
    if not isinstance(moves, tuple | list) or len(moves) > MAX_RECORD_MOVES:
        raise RecordError(
            f"'moves' is a list of at most {MAX_RECORD_MOVES} move texts", key="moves"
        )
    for n, text in enumerate(moves):
        if not isinstance(text, str) or len(text) > MAX_MOVE_TEXT:
            raise RecordError(f"move {n} is not a move text: {shown(text)}", index=n, key="moves")
    if isinstance(moves, list):
        object.__setattr__(record, "moves", tuple(moves))
    result = record.result
    if result is not None:
        if not isinstance(result, dict):
            raise RecordError(f"'result' is a JSON object, got {shown(result)}", key="result")
        try:
            dumps(result)
        except (TypeError, ValueError, RecursionError):
            raise RecordError("'result' is not JSON", key="result") from None
        head = (result.get("format"), result.get("game"), result.get("type"))
        if head[0] != 1 or head[1] != record.game or head[2] not in _RESULT_TYPES:
            raise RecordError(
                f"'result' is a {record.game} result document (format 1, type one of "
                f"{', '.join(_RESULT_TYPES)}), got format, game and type {quote(head)}",
                key="result",
            )
    comments = record.comments
    if not isinstance(comments, Mapping):
        raise RecordError("'comments' maps move numbers to text", key="comments")
    for number, comment in comments.items():
        if not is_int(number) or not 0 <= number < len(moves):
            raise RecordError(
                f"comment {shown(number)} names no move of the record (it has {len(moves)})",
                key="comments",
            )
        if not isinstance(comment, str):
            raise RecordError(f"comment {number} is not text", key="comments")


def _parse(text: str, fail: partial[RecordError]) -> dict[str, Any]:
    """A record's text as a table: a JSON object when it starts with ``{``, else TOML."""
    if not text.lstrip().startswith("{"):
        return parse_toml(text, fail)
    try:
        doc = parse_json(text, "game record", limit=MAX_RECORD_BYTES)
    except CardrulesError as err:
        raise fail(str(err)) from None
    if not isinstance(doc, dict):  # pragma: no cover - text starting with "{" is an object
        raise fail("a record is a JSON object")
    return doc


def _variant(value: object, game: str) -> VariantBase:
    if isinstance(value, str):
        return load_variant(value, game=game)
    if isinstance(value, dict):
        if value.get("game") != game:
            raise CardrulesError(f"the variant is not a {game} variant", code="bad-record")
        return variant_from_table(value, source="the record's variant")
    raise CardrulesError(
        "'variant' is a preset name or the resolved variant table", code="bad-record"
    )


@attrs.frozen
class RecordStep:
    """One move of a replayed record: its number, the move, what it did, the comment, and every
    hand just before it (for printing a deal)."""

    index: int
    move: str
    events: tuple[Event, ...]
    comment: str = ""
    hands: tuple[Cards, ...] = ()


def play_moves(
    state: GameState[M], record: Record, steps: list[RecordStep] | None = None
) -> GameState[M]:
    """Play ``record``'s moves on ``state`` (its game from the seed); each step goes to
    ``steps`` when given. Raises :class:`RecordError` at the first move that cannot be read or is
    illegal, naming it by number and, for an illegal one, the clause. (The result is not
    compared here: the moves may be played on any state; :func:`steps` compares it.)"""
    args.instance(state, Steps, "state", what="a game state")
    args.instance(record, Record, "record")
    if steps is not None and not isinstance(steps, list):
        raise ArgumentError(f"a list or None, got {shown(steps)}", key="steps")
    final = state
    for final, step in _played(state, record, steps is not None):  # noqa: B007
        if steps is not None:
            assert step is not None
            steps.append(step)
    return final


def _played(
    state: GameState[M], record: Record, keep: bool
) -> Iterator[tuple[GameState[M], RecordStep | None]]:
    """Each move of ``record`` played in turn on ``state``: the state after it and (``keep``)
    its step; one move's work per item. Refuses a move that cannot be read or is illegal."""
    if state.variant.game != record.game:
        raise RecordError(f"this is a {record.game} record, not a {state.variant.game} one")
    comments = record.comments
    for n, text in enumerate(record.moves):
        try:
            move = state.parse_move(text)
        except CardrulesError as err:
            raise RecordError(f"move {n} ({quote(text)}) cannot be read: {err}", index=n) from None
        hands = state.hands
        try:  # step judges the move (once: judging it here as well doubled a replay's cost)
            state, events = state.step(move)
        except IllegalMoveError as err:
            reason = err.reason
            raise RecordError(
                f"move {n} ({quote(text)}) is illegal: {reason}", index=n, reason=reason
            ) from None
        step = RecordStep(n, str(move), events, comments.get(n, ""), hands) if keep else None
        yield state, step


class _Stepper:
    """Plays a record's moves on its seeded game lazily: one step per item (``None`` items
    without ``keep``), the result compared after the last; then ``over`` says whether the game
    ended and ``document`` gives the final state's document."""

    def __init__(self, record: Record, *, keep: bool = True) -> None:
        self.record = record
        self.keep = keep
        self.over = False
        self.document: Callable[[], JSONObject] | None = None

    def __call__(self, state: GameState[M]) -> Iterator[RecordStep | None]:
        return self._steps(state)

    def _steps(self, state: GameState[M]) -> Iterator[RecordStep | None]:
        final = state
        for final, step in _played(state, self.record, self.keep):  # noqa: B007
            yield step
        check_result(self.record, final)
        self.over = final.turn is None
        self.document = final.to_json

    def played(self) -> Iterator[RecordStep]:
        """Deal the record's game and give its steps as they are played (``keep`` is true)."""
        return (step for step in self.start() if step is not None)

    def start(self) -> Iterator[RecordStep | None]:
        """Deal the record's game from its seed (the whole match where the game has one) and
        return its steps, not yet played."""
        entry = game_named(self.record.game)
        variant, seed = self.record.variant, self.record.seed
        played = entry.match_state(variant, seed, self)
        return played if played is not None else entry.new_state(variant, seed, self)


def check_result(record: Record, final: GameState[M]) -> None:
    """Refuse (a :class:`RecordError`, ``key`` ``"result"``) a record whose stated result is not
    the one its moves produced, ``final`` being the state they reached: a record states its
    result exactly when its moves end the game, and then states that result."""
    produced = final.result().to_json() if final.is_over else None
    stated = record.result
    moves = len(record.moves)
    if stated is None and produced is not None:
        raise RecordError(
            f"'result' is missing: the {moves} moves end the game",
            key="result",
        )
    if stated is not None and produced is None:
        raise RecordError(
            f"'result' is stated, but the {moves} moves do not end the game", key="result"
        )
    if stated is not None and produced is not None:
        written = json.loads(dumps(produced))
        if written != stated:
            field = next(k for k in (*written, *stated) if written.get(k) != stated.get(k))
            raise RecordError(
                f"'result' is not the result the moves produce: its {quote(field)} is "
                f"{quote(stated.get(field))}, the moves give {quote(written.get(field))}",
                key="result",
            )


def steps(record: Record) -> tuple[JSONObject, list[RecordStep]]:
    """Replay ``record`` from its seed — the whole match where the game has one, else one
    round: the final state's document and every step. Raises :class:`RecordError` at the first
    move that cannot be read or is illegal, and for a stated result the moves do not produce
    (:func:`check_result`)."""
    args.instance(record, Record, "record")
    stepper = _Stepper(record)
    played = list(stepper.played())
    assert stepper.document is not None
    return stepper.document(), played


def iter_steps(record: Record) -> Iterator[RecordStep]:
    """The steps of ``record`` replayed from its seed (as :func:`steps` replays it), one at a
    time: each item costs one move's work (tens of microseconds), so a server replaying a long
    record from a stranger can stop at its own budget, or hand the event loop back between
    moves, instead of making one call that grows with the record. An illegal or unreadable move
    raises :class:`RecordError` when it is reached; a stated result the moves do not produce,
    after the last step (:func:`check_result`)."""
    args.instance(record, Record, "record")
    return _Stepper(record).played()


def replay(record: Record) -> JSONObject:
    """The final state of a replayed record (see :func:`steps`), as its document; no step is
    kept, so its memory does not grow with the record."""
    args.instance(record, Record, "record")
    stepper = _Stepper(record, keep=False)
    for _ in stepper.start():
        pass
    assert stepper.document is not None
    return stepper.document()


def render(
    record: Record, *, round_number: int | None = None, seat: int | None = None
) -> list[str]:
    """A record for a person: each deal with suit symbols, every move and what it did (tricks
    won, chains, tributes, bids, levels, scores), the comments, the result. ``round_number``
    keeps one round (1 is the first); ``seat`` shows only what that seat saw: its own hand, and
    the events as that seat received them (:func:`cardrules.events.seen_by`)."""
    args.instance(record, Record, "record")
    if round_number is not None:
        args.integer(round_number, 1, MAX_RECORD_MOVES, "round_number", what="a round number")
    seat = args.optional_seat(seat, record.variant.players)
    stepper = _Stepper(record)
    played = stepper.played()  # one at a time: no list
    title = f"{record.game} / {record.variant.name}, seed {record.seed}"
    lines = [title + (f", as seen by seat {seat}" if seat is not None else "")]
    current = 1
    starting = True
    playing = False  # the step before began a match round's play: show the hands it begins with

    def show(hands: tuple[Cards, ...]) -> None:
        for s, hand in enumerate(hands):
            shown = hand.pretty() if seat is None or s == seat else f"({len(hand)} cards)"
            lines.append(f"  seat {s}: {shown}")

    for step in played:
        keep = round_number is None or current == round_number
        shown = starting and any(step.hands)  # a Shengji round is dealt one card at a time
        if starting and keep:
            lines.append(f"round {current}")
            if shown:
                show(step.hands)
        if playing and keep and not shown:
            lines.append("  the play begins with")
            show(step.hands)
        starting = False
        playing = any(e.NAME == "play-started" for e in step.events)
        # What the seat received, CORE-EVENT-2 (Who sees an event); the move's own text only
        # when the whole record is shown.
        events = step.events if seat is None else seen_by(step.events, seat)
        if round_number is None or current == round_number:
            unseen = step.move if seat is None else f"(a move seat {seat} does not see)"
            move = next((e.describe() for e in events if e.NAME == "move"), unseen)
            lines.append(
                f"  {step.index}. {move}" + (f"    # {step.comment}" if step.comment else "")
            )
            lines += [
                f"       {line}" for e in events if e.NAME != "move" and (line := e.describe())
            ]
        if any(e.NAME == "round-over" for e in step.events):
            current += 1
            starting = True
    if round_number is not None and round_number >= current + (0 if starting else 1):
        raise RecordError(f"the record has {current - (1 if starting else 0)} round(s)")
    if record.result is not None:
        lines.append(f"result: {dumps(record.result)}")
    elif stepper.over:
        lines.append("over")
    return lines


# ---------------------------------------------------------------------- matches that keep a log
@attrs.frozen
class MoveLog(Generic[M]):
    """The moves played since a seed, newest last, as a chain that grows in constant time per
    move (``before`` is the log one move earlier; the root has neither)."""

    before: MoveLog[M] | None = None
    move: M | None = None

    def moves(self) -> tuple[M, ...]:
        """Every move of the log, oldest first."""
        out = []
        log: MoveLog[M] | None = self
        while log is not None and log.move is not None:
            out.append(log.move)
            log = log.before
        return tuple(reversed(out))


class _Result(Protocol):
    def to_json(self) -> JSONObject: ...


class Recording(Steps[M]):
    """Mixin of matches that know every move since their seed, and so can be written as a
    :class:`Record` (:meth:`to_record`) and read back from one (:meth:`from_record`). A match
    dealt by ``new`` keeps the log; one read from a position or a document does not (its past is
    unknown) and refuses :meth:`to_record`. Subclasses declare the attrs field ``_log`` (alias
    ``log``, ``eq=False``) and the fields ``variant`` and ``seed``."""

    __slots__ = ()
    _log: MoveLog[M] | None
    seed: int
    if TYPE_CHECKING:
        variant: VariantBase

        @classmethod
        def new(cls, variant: Any, *, seed: int) -> Self: ...

        @property
        def is_over(self) -> bool: ...

        def result(self) -> _Result: ...

    def _logged(self, after: Self, move: M) -> Self:
        log = self._log
        if log is not None and after is not self:
            object.__setattr__(after, "_log", MoveLog(log, move))
        return after

    def apply(self, move: M) -> Self:
        return self._logged(super().apply(move), move)

    def step(self, move: M) -> tuple[Self, tuple[Event, ...]]:
        after, events = super().step(move)
        return self._logged(after, move), events

    @property
    def history(self) -> tuple[M, ...] | None:
        """Every move since the seed, or ``None`` for a match read from a position or a
        document."""
        return None if self._log is None else self._log.moves()

    def to_record(self, comments: Mapping[int, str] | None = None) -> Record:
        """The match so far as a game record (with the result once it is over)."""
        moves = self.history
        if moves is None:
            raise CardrulesError(
                "this match was read from a position or a document, not dealt from its seed: "
                "the moves before it are unknown, so it has no record"
            )
        result = self.result().to_json() if self.is_over else None
        return Record(
            game=self.variant.game,
            variant=self.variant,
            seed=self.seed,
            moves=tuple(str(m) for m in moves),
            result=result,
            comments=dict(comments or {}),
        )

    @classmethod
    def from_record(cls, record: Record) -> Self:
        """The match a record describes, replayed from its seed; raises :class:`RecordError`
        at the first move that cannot be read or is illegal (naming it and the clause), and for
        a stated result the moves do not produce (:func:`check_result`)."""
        args.instance(record, Record, "record")
        start = cls.new(record.variant, seed=record.seed)
        final = play_moves(cast("GameState[M]", start), record)
        check_result(record, final)
        assert isinstance(final, cls)
        return final
