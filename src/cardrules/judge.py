"""A judge that serves: rule on a written situation and say why, citing the clauses.

Two ways in. ``judge(position, moves)`` plays the moves from a position and rules on the last one
(or the first that is refused): a :class:`Ruling` says whether it is legal, the refusal's code
and sentence, the clauses that decide it — taken from the engine, for a legal move too (what
makes it legal, then what it did) — the table it was judged on and the state after a legal
move. ``judge_case(case)`` rules on any case of a case file (:mod:`cardrules.cases`): a
``classify``, ``beats``, ``play``, ``round`` or ``variant`` case, each with its own ruling
(:data:`CaseRuling`), and a case that cannot be ruled on (a move that cannot be read, a seat out
of range) is a :class:`CaseError` carrying the error's code — it never raises, so one bad case
fails alone.

Every ruling is a JSON document (``format``, ``game``, ``type = "ruling"``, then ``kind`` and
``case``; schema ``<game>.ruling``), so a dispute service can return it as it is, and
:func:`read_ruling` reads one back. ``ruling.lines(lang)`` writes it for a person in English or
Chinese (:mod:`cardrules.i18n`): the table, the verdict, the reason, what the move did, the round's
result, and each clause with its title and text (from ``spec/*.md`` or ``spec/zh/*.md``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import ClassVar, TypeVar

import attrs

from cardrules import args
from cardrules.cases.model import Case
from cardrules.cases.runner import rule_on
from cardrules.clauses import Clause, clause_index
from cardrules.errors import CardrulesError, DocumentError
from cardrules.events import seen_by
from cardrules.game import Actor, GameState, MoveLike, Steps
from cardrules.i18n import Catalog, catalog
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document, parse_json
from cardrules.limits import MAX_MOVE_TEXT, MAX_RECORD_MOVES, quote
from cardrules.notation import parse_move_text
from cardrules.position import Position, load_position
from cardrules.registry import game_named

__all__ = [
    "KINDS",
    "BeatsRuling",
    "CaseError",
    "CaseRuling",
    "ClassifyRuling",
    "Effect",
    "RoundRuling",
    "Ruling",
    "Table",
    "VariantRuling",
    "draw",
    "judge",
    "judge_case",
    "read_ruling",
]

M = TypeVar("M", bound=MoveLike)

#: The kinds of case a ruling is about (the contract's).
KINDS = ("classify", "beats", "play", "round", "variant")
_LINE = 500  # characters of one line of text a ruling document holds
_LIST = 64  # lines or ids in one list of a ruling document


# ---------------------------------------------------------------------- the parts of a ruling
@attrs.frozen(kw_only=True)
class Table:
    """The table a move is judged on: each hand (``None`` where the judging seat's view hides
    it), the hand sizes, the seat in turn, the trick so far and the play on top."""

    game: str
    variant: str
    hands: tuple[str | None, ...]
    sizes: tuple[int, ...]
    turn: int | None = None
    trick: tuple[str, ...] = ()
    top: str | None = None
    top_seat: int | None = None

    def to_json(self) -> JSONObject:
        """The table as a JSON object (inside a ruling document)."""
        top: JSON = None if self.top is None else {"seat": self.top_seat, "cards": self.top}
        return {
            "variant": self.variant,
            "hands": list(self.hands),
            "hand_sizes": list(self.sizes),
            "turn": self.turn,
            "trick": list(self.trick),
            "top": top,
        }

    @classmethod
    def read(cls, reader: Reader, game: str) -> Table:
        """The table a ruling document describes, read strictly with ``reader``."""
        hands = reader.each("hands", _LIST, lambda p, v: None if v is None else _text(reader, p, v))
        sizes = reader.each("hand_sizes", _LIST, lambda p, v: reader.int_value(p, v, 0, None))
        top = reader.raw("top")
        top_seat: int | None = None
        top_cards: str | None = None
        if top is not None:
            sub = reader.sub("top")
            top_seat = sub.integer("seat", 0, _LIST)
            top_cards = sub.text("cards", _LINE)
            sub.done()
        table = cls(
            game=game,
            variant=reader.text("variant"),
            hands=hands,
            sizes=sizes,
            turn=reader.opt_integer("turn", 0, _LIST),
            trick=reader.each("trick", _LIST, lambda p, v: _text(reader, p, v)),
            top=top_cards,
            top_seat=top_seat,
        )
        reader.done()
        if len(hands) != len(sizes):
            raise reader.bad("hand_sizes", list(sizes), f"one size per hand ({len(hands)})")
        return table

    def lines(self, lang: str = "en") -> list[str]:
        """The table for a person, one line per seat."""
        words = catalog(lang)
        title = words.text(
            "table-title",
            game=words.name("game", self.game),
            variant=words.name("variant", self.variant),
        )
        out = [title]
        for seat, (hand, size) in enumerate(zip(self.hands, self.sizes, strict=True)):
            if hand is None:
                shown = words.text("table-hidden", count=size)
            else:
                shown = words.cards(hand) or words.text("table-empty")
            turn = words.text("table-turn") if seat == self.turn else ""
            out.append(words.text("table-seat", seat=seat, team=seat % 2, hand=shown, turn=turn))
        if self.trick:
            moves = words.text("list-sep").join(
                _move_words(words, self.game, m) for m in self.trick
            )
            out.append(words.text("table-trick", moves=moves))
        if self.top is not None:
            out.append(words.text("table-top", cards=words.cards(self.top), seat=self.top_seat))
        return out


@attrs.frozen
class Effect:
    """One thing a legal move did: the event (its JSON, named by ``event``) and its English
    line (the event's own words)."""

    text: str
    event: JSONObject

    @property
    def name(self) -> str:
        """The event's name (``"trick-won"`` …), empty when the event has none."""
        name = self.event.get("event")
        return name if isinstance(name, str) else ""

    def to_json(self) -> JSONObject:
        """The effect as a JSON object: its line and its event's JSON."""
        return {"text": self.text, "event": self.event}


# ---------------------------------------------------------------------- rulings
class _Kind:
    """Mixin of the ruling documents: the case kind each rules on."""

    __slots__ = ()
    KIND: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        """The case kind this rules on, as a case file names it (``"play"``, ``"classify"``,
        ``"beats"``, ``"round"``, ``"variant"``)."""
        return self.KIND


@attrs.frozen(kw_only=True)
class Ruling(_Kind):
    """What the judge says of one move (a ``play`` case, or :func:`judge` called directly).

    ``at`` is the index of the judged move in the moves given (the last, unless an earlier one
    was refused); ``table`` is the table just before it; ``clauses`` are the ids that decide the
    ruling, the refusing clause first for an illegal move, else what makes it legal and then
    what it did (and then the case's own ``rules``); ``effects`` say what a legal move did;
    ``state`` is the state after a legal move, as its JSON document. ``case`` is the case's id
    (``None`` when :func:`judge` is called without one)."""

    KIND: ClassVar[str] = "play"

    game: str
    move: str
    at: int
    legal: bool
    code: str = ""
    reason: str = ""
    clauses: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    table: Table | None = None
    view: int | None = None
    state: JSONObject | None = None
    case: str | None = None

    @property
    def answer(self) -> str:
        """``"legal"`` or ``"illegal"``, as a case writes its ``expect``."""
        return "legal" if self.legal else "illegal"

    @property
    def before(self) -> tuple[str, ...]:
        """The table before the move, in English lines."""
        return () if self.table is None else tuple(self.table.lines())

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(
            self,
            {
                "answer": self.answer,
                "move": self.move,
                "at": self.at,
                "code": self.code,
                "reason": self.reason,
                "events": [e.to_json() for e in self.effects],
                "table": None if self.table is None else self.table.to_json(),
                "view": self.view,
                "state": self.state,
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes, game: str) -> Ruling:
        """Read what :meth:`to_json` wrote (the state after — the judging seat's view of it,
        for a ruling from a view — is kept as its document)."""
        ruling = read_ruling(data, game)
        if not isinstance(ruling, Ruling):
            raise CardrulesError(
                f"not a {game} ruling on a move: its kind is {ruling.kind}", code="bad-document"
            )
        return ruling

    @classmethod
    def _read(cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...]) -> Ruling:
        answer = reader.choice("answer", ("legal", "illegal"))
        state = reader.raw("state")
        if state is not None and not isinstance(state, dict):
            raise reader.bad("state", state, "a state document or null is needed")
        table = None if reader.raw("table") is None else Table.read(reader.sub("table"), game)
        return cls(
            game=game,
            move=reader.text("move", MAX_MOVE_TEXT),
            at=reader.integer("at", 0, MAX_RECORD_MOVES - 1),
            legal=answer == "legal",
            code=reader.text("code"),
            reason=reader.text("reason", 2000),
            clauses=clauses,
            effects=reader.each("events", _LIST, lambda p, v: _effect(reader, p, v)),
            table=table,
            view=reader.opt_integer("view", 0, _LIST),
            state=state,
            case=case,
        )

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling for a person: the table before the move, the verdict, the reason, what it
        did and each clause with its title and text (in ``lang``: ``en`` or ``zh``;
        ``clauses`` is the clause index in that language, by default the shipped spec's)."""
        words = catalog(lang)
        out = [] if self.table is None else self.table.lines(lang)
        seen = "" if self.view is None else words.text("seen-by", seat=self.view)
        answer = words.text(self.answer) + seen
        what = _move_words(words, self.game, self.move)
        out.append(words.text("verdict", what=what, answer=answer))
        if not self.legal:
            meaning = self.reason if lang == "en" else words.code(self.game, self.code)
            out.append(words.text("reason", meaning=meaning or self.reason, code=self.code))
        for effect in self.effects:
            line = effect.text if lang == "en" else words.event_line(self.game, effect.event)
            out.append(words.text("effect", line=line or words.event(effect.name)))
        return out + _clause_lines(words, self.clauses, clauses)


@attrs.frozen(kw_only=True)
class ClassifyRuling(_Kind):
    """A ``classify`` case ruled on: the combination ``cards`` make, or ``"invalid"``."""

    KIND: ClassVar[str] = "classify"

    game: str
    cards: str
    answer: str
    clauses: tuple[str, ...] = ()
    case: str | None = None

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(self, {"answer": self.answer, "cards": self.cards})

    @classmethod
    def _read(
        cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...]
    ) -> ClassifyRuling:
        return cls(
            game=game,
            cards=reader.text("cards", MAX_MOVE_TEXT),
            answer=reader.text("answer"),
            clauses=clauses,
            case=case,
        )

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling as lines for a person in ``lang`` (``"en"`` or ``"zh"``), the cited
        clauses' titles and text taken from ``clauses`` (default: the spec's)."""
        words = catalog(lang)
        if self.answer == "invalid":
            answer = words.text("invalid")
        else:
            answer = words.combination(self.game, self.answer)
        what = _move_words(words, self.game, self.cards)
        return [
            words.text("verdict", what=what, answer=answer),
            *_clause_lines(words, self.clauses, clauses),
        ]


@attrs.frozen(kw_only=True)
class BeatsRuling(_Kind):
    """A ``beats`` case ruled on: whether ``play`` beats ``top`` on top of a trick."""

    KIND: ClassVar[str] = "beats"

    game: str
    top: str
    play: str
    answer: bool
    clauses: tuple[str, ...] = ()
    case: str | None = None

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(self, {"answer": self.answer, "top": self.top, "play": self.play})

    @classmethod
    def _read(
        cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...]
    ) -> BeatsRuling:
        return cls(
            game=game,
            top=reader.text("top", MAX_MOVE_TEXT),
            play=reader.text("play", MAX_MOVE_TEXT),
            answer=reader.boolean("answer"),
            clauses=clauses,
            case=case,
        )

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling as lines for a person in ``lang`` (``"en"`` or ``"zh"``), the cited
        clauses' titles and text taken from ``clauses`` (default: the spec's)."""
        words = catalog(lang)
        said = words.text(
            "beats" if self.answer else "not-beats",
            play=_move_words(words, self.game, self.play),
            top=_move_words(words, self.game, self.top),
        )
        return [
            words.text("ruling-line", answer=said),
            *_clause_lines(words, self.clauses, clauses),
        ]


@attrs.frozen(kw_only=True)
class RoundRuling(_Kind):
    """A ``round`` case ruled on: everything the round's end computes — 四幺四 ``levels``,
    ``ruling``, ``score``, ``winner`` (``-1``: nobody yet), and when they can be known
    ``tributes`` (``"PAYER>RECEIVER: CARD"``) and ``leader``; Shengji ``levels``, ``banker``,
    ``score``, ``winner`` and ``scores`` — as JSON values, by key."""

    KIND: ClassVar[str] = "round"

    game: str
    result: JSONObject
    clauses: tuple[str, ...] = ()
    case: str | None = None

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(self, {"result": self.result})

    @classmethod
    def _read(
        cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...]
    ) -> RoundRuling:
        result = reader.raw("result")
        if not isinstance(result, dict):
            raise reader.bad("result", result, "an object is needed")
        return cls(game=game, result=result, clauses=clauses, case=case)

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling as lines for a person in ``lang`` (``"en"`` or ``"zh"``), the cited
        clauses' titles and text taken from ``clauses`` (default: the spec's)."""
        words = catalog(lang)
        got = self.result
        out = [words.text("ruling-line", answer=words.text("round-verdict"))]
        if "levels" in got:
            out.append(words.text("round-levels", levels=got["levels"]))
        if "ruling" in got:
            out.append(words.text("round-ruling", team=got["ruling"]))
        if "banker" in got:
            out.append(words.text("round-banker", seat=got["banker"]))
        if "score" in got:
            out.append(words.text("round-score", score=got["score"]))
        winner = got.get("winner")
        if isinstance(winner, int) and winner >= 0:
            out.append(words.text("round-winner", team=winner))
        elif "winner" in got:
            out.append(words.text("round-no-winner"))
        if "tributes" in got:
            tributes = got["tributes"]
            shown = [_tribute(words, t) for t in tributes] if isinstance(tributes, list) else []
            if shown:
                out.append(
                    words.text("round-tributes", tributes=words.text("list-sep").join(shown))
                )
            else:
                out.append(words.text("round-no-tributes"))
        elif self.game == "siyaosi":
            out.append(words.text("round-unknown-tributes"))
        leader = got.get("leader")
        if isinstance(leader, int) and leader >= 0:
            out.append(words.text("round-leader", seat=leader))
        scores = got.get("scores")
        if isinstance(scores, list):
            shown = [words.text("seat-score", seat=s, points=p) for s, p in enumerate(scores)]
            out.append(words.text("round-scores", scores=words.text("list-sep").join(shown)))
        return out + _clause_lines(words, self.clauses, clauses)


@attrs.frozen(kw_only=True)
class VariantRuling(_Kind):
    """A ``variant`` case ruled on: whether the variant (a preset or file, with ``overrides``)
    can be played; a refusal is its error as JSON (``{"error": code, "message": …}``) and
    ``keys`` the switch names it names."""

    KIND: ClassVar[str] = "variant"

    game: str
    variant: str
    overrides: JSONObject
    answer: str
    name: str | None = None
    refusal: JSONObject | None = None
    keys: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()
    case: str | None = None

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(
            self,
            {
                "answer": self.answer,
                "variant": self.variant,
                "overrides": self.overrides,
                "name": self.name,
                "refusal": self.refusal,
                "keys": list(self.keys),
            },
        )

    @classmethod
    def _read(
        cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...]
    ) -> VariantRuling:
        overrides = reader.raw("overrides")
        if not isinstance(overrides, dict):
            raise reader.bad("overrides", overrides, "an object is needed")
        refusal = reader.raw("refusal")
        if refusal is not None and not isinstance(refusal, dict):
            raise reader.bad("refusal", refusal, "an error object or null is needed")
        name = reader.raw("name")
        if name is not None and not isinstance(name, str):
            raise reader.bad("name", name, "a string or null is needed")
        return cls(
            game=game,
            variant=reader.text("variant", 1024),
            overrides=overrides,
            answer=reader.choice("answer", ("playable", "refused")),
            name=name,
            refusal=refusal,
            keys=reader.each("keys", _LIST, lambda p, v: _text(reader, p, v)),
            clauses=clauses,
            case=case,
        )

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling as lines for a person in ``lang`` (``"en"`` or ``"zh"``), the cited
        clauses' titles and text taken from ``clauses`` (default: the spec's)."""
        words = catalog(lang)
        what = words.name("variant", self.variant)
        if self.overrides:
            changed = ", ".join(
                f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in self.overrides.items()
            )
            what = f"{what} ({changed})"
        out = [words.text("verdict", what=what, answer=words.text(self.answer))]
        if self.refusal is not None:
            code = str(self.refusal.get("error", ""))
            meaning = self.refusal.get("message") if lang == "en" else words.error(code)
            out.append(words.text("reason", meaning=meaning or code, code=code))
            if self.keys:
                out.append(words.text("variant-keys", keys=words.text("list-sep").join(self.keys)))
        return out + _clause_lines(words, self.clauses, clauses)


@attrs.frozen(kw_only=True)
class CaseError:
    """A case that could not be ruled on — a move or card text that cannot be read, a seat out
    of range, a check the engine does not implement: the error as JSON (``{"error": code,
    "message": …}`` and what it names), so a service passes its code on. It fails alone; the
    other cases of the file are ruled on."""

    game: str
    kind: str
    error: JSONObject
    clauses: tuple[str, ...] = ()
    case: str | None = None

    @property
    def code(self) -> str:
        """The error's stable code (``bad-notation`` …)."""
        return str(self.error.get("error", ""))

    @property
    def message(self) -> str:
        """The error's message, one line for a person."""
        return str(self.error.get("message", ""))

    def to_json(self) -> JSONObject:
        """The ruling as a JSON document (``type = "ruling"``, schema ``<game>.ruling``)."""
        return _envelope(self, {"error": self.error})

    @classmethod
    def _read(
        cls, reader: Reader, game: str, case: str | None, clauses: tuple[str, ...], kind: str
    ) -> CaseError:
        error = reader.raw("error")
        if not isinstance(error, dict) or not isinstance(error.get("error"), str):
            raise reader.bad("error", error, 'an error object ({"error": code, …}) is needed')
        return cls(game=game, kind=kind, error=error, clauses=clauses, case=case)

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling as lines for a person in ``lang`` (``"en"`` or ``"zh"``), the cited
        clauses' titles and text taken from ``clauses`` (default: the spec's)."""
        words = catalog(lang)
        if lang == "en":
            return [words.text("cannot-rule", meaning=self.message, code=self.code)]
        meaning = words.error(self.code) or words.code(self.game, self.code) or self.code
        out = [words.text("cannot-rule", meaning=meaning, code=self.code)]
        for key, value in self.error.items():
            if key not in ("error", "message"):
                shown = quote(value) if isinstance(value, str) else value
                out.append(words.text("detail", label=words.name("detail", key), value=shown))
        return out


#: A ruling on a case of any kind, or the error that kept it from being ruled on.
CaseRuling = Ruling | ClassifyRuling | BeatsRuling | RoundRuling | VariantRuling | CaseError

_READERS: dict[str, type[Ruling] | type[ClassifyRuling] | type[BeatsRuling] | type[RoundRuling]] = {
    "play": Ruling,
    "classify": ClassifyRuling,
    "beats": BeatsRuling,
    "round": RoundRuling,
}


def _envelope(ruling: CaseRuling, body: Mapping[str, JSON]) -> JSONObject:
    return document(
        ruling.game,
        "ruling",
        {"kind": ruling.kind, "case": ruling.case, **body, "clauses": list(ruling.clauses)},
    )


def read_ruling(data: Mapping[str, JSON] | str | bytes, game: str) -> CaseRuling:
    """Read a ruling document of ``game`` of any kind (what ``to_json`` wrote); anything else is
    a :class:`~cardrules.errors.DocumentError` naming the field."""
    game = game_named(game).name
    table = parse_json(data, f"{game} ruling") if isinstance(data, str | bytes) else data
    if not isinstance(table, Mapping):
        raise DocumentError(f"{game} ruling", f"a JSON object is needed, got {quote(table)}")
    reader = open_document(table, game, "ruling")
    kind = reader.choice("kind", KINDS)
    raw_case = reader.raw("case")
    if raw_case is not None and not isinstance(raw_case, str):
        raise reader.bad("case", raw_case, "a case id or null is needed")
    case = None if raw_case is None else reader.text("case")
    clauses = reader.each("clauses", _LIST, lambda p, v: _text(reader, p, v))
    ruling: CaseRuling
    if "error" in table:
        ruling = CaseError._read(reader, game, case, clauses, kind)
    elif kind == "variant":
        ruling = VariantRuling._read(reader, game, case, clauses)
    else:
        ruling = _READERS[kind]._read(reader, game, case, clauses)
    reader.done()
    return ruling


def _text(reader: Reader, path: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > _LINE:
        raise reader.bad(path, value, "a line of text is needed")
    return value


def _effect(reader: Reader, path: str, value: object) -> Effect:
    sub = reader.element(path, value)
    text = sub.text("text", _LINE)
    event = sub.raw("event")
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        raise reader.bad(f"{path}.event", event, "an event object is needed")
    sub.done()
    return Effect(text, event)


# ---------------------------------------------------------------------- words
def _move_words(words: Catalog, game: str, text: str) -> str:
    """A move as a person reads it: in English the notation itself; in another language its
    kind in that language and the cards with suit symbols."""
    if words.lang == "en":
        return text
    try:
        move = parse_move_text(text)
    except CardrulesError:
        return text
    kind = "" if move.verb in (None, "play") else f"{words.kind(game, move.verb or '')} "
    return f"{move.seat}: {kind}{words.cards(str(move.cards))}".rstrip()


_TRIBUTE = re.compile(r"(\d+)>(\d+): (.*)")


def _tribute(words: Catalog, text: object) -> str:
    """``"0>1: BJ"`` as a person reads it."""
    found = _TRIBUTE.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return str(text)
    payer, receiver, cards = found.groups()
    return words.text("tribute", payer=int(payer), receiver=int(receiver), cards=cards)


@cache
def _shipped_index(lang: str) -> Mapping[str, Clause]:
    return clause_index(lang=lang)


def _clause_lines(
    words: Catalog, ids: Sequence[str], index: Mapping[str, Clause] | None
) -> list[str]:
    """Each clause: its id and title, then the rule (the first paragraph of its text), in the
    catalog's language; a clause the index of that language lacks is named by the catalog's
    title alone."""
    index = _shipped_index(words.lang) if index is None else index
    out = []
    for clause_id in ids:
        clause = index.get(clause_id)
        title = clause.title if clause else words.clause(clause_id)
        out.append(words.text("clause", id=clause_id, title=title or words.text("not-a-clause")))
        if clause is not None and clause.text:
            rule = clause.text.split("\n\n")[0]
            out.extend(f"      {line}" for line in rule.splitlines())
    return out


# ---------------------------------------------------------------------- judging
class _Judge:
    """Plays the moves from a state and rules on the last (or the first refused)."""

    def __init__(self, game: str, moves: Sequence[str], view: int | None) -> None:
        self.game = game
        self.moves = moves
        self.view = view

    def __call__(self, state: GameState[M]) -> Ruling:
        for at, text in enumerate(self.moves):
            move = state.parse_move(text)
            last = at == len(self.moves) - 1
            judge: Actor[M] = state if self.view is None or not last else state.view(self.view)
            reason = judge.explain(move)
            if reason is not None:
                return Ruling(
                    game=self.game,
                    move=str(move),
                    at=at,
                    legal=False,
                    code=reason.code,
                    reason=reason.message,
                    clauses=(reason.clause,),
                    table=draw(state, self.view if last else None),
                    view=self.view if last else None,
                )
            if last:
                after, events = state.step(move)
                if self.view is not None:  # CORE-EVENT-2 (Who sees an event)
                    events = seen_by(events, self.view)
                causes = tuple(e.CLAUSE for e in events if e.CLAUSE)
                # What the move did: an event with nothing to say (a card dealt face down) is
                # left out.
                effects = tuple(
                    Effect(line, e.to_json())
                    for e in events
                    if e.NAME != "move" and (line := e.describe())
                )
                return Ruling(
                    game=self.game,
                    move=str(move),
                    at=at,
                    legal=True,
                    reason=f"{move} is legal here",
                    clauses=_unique((*judge.grounds(move), *causes)),
                    effects=effects,
                    table=draw(state, self.view),
                    view=self.view,
                    # From a seat's view, the state after is that seat's view of it: a ruling
                    # sent to a player names no hand it may not see, CORE-EVENT-2 (Who sees an
                    # event).
                    state=(after if self.view is None else after.view(self.view)).to_json(),
                )
            state = state.apply(move)
        raise CardrulesError("name at least one move to judge")  # pragma: no cover - checked


def _unique(ids: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def draw(state: GameState[M], view: int | None = None) -> Table:
    """The table of ``state`` for a person: every hand (only ``view``'s when a seat's view is
    judging; the others as counts), the trick so far and the top."""
    args.instance(state, Steps, "state", what="a game state")
    view = args.optional_seat(view, state.players, "view")
    top = state.top
    return Table(
        game=state.variant.game,
        variant=state.variant.name,
        hands=tuple(
            str(hand) if view is None or seat == view else None
            for seat, hand in enumerate(state.hands)
        ),
        sizes=tuple(len(hand) for hand in state.hands),
        turn=state.turn,
        trick=tuple(str(m) for m in state.trick),
        top=None if top is None else str(top.cards),
        top_seat=None if top is None else top.seat,
    )


def _bad(message: str) -> CardrulesError:
    return CardrulesError(message, code="bad-argument")


def judge(
    position: Position | Mapping[str, object],
    moves: Sequence[str],
    *,
    view: int | None = None,
) -> Ruling:
    """Rule on the moves played from ``position`` (a loaded position or a ``[position]`` table):
    the last one — judged by the state, or by seat ``view``'s view when it is given — or the
    first that is refused. Arguments are checked as the command line checks a case: anything
    else than a position, a list of move texts and a seat is a :class:`CardrulesError`
    (``bad-argument``), and a position or move text that cannot be read one with its own code
    (``bad-position``, ``bad-notation`` …)."""
    if isinstance(position, Mapping):
        position = load_position(position)
    elif not isinstance(position, Position):
        raise _bad(f"position is a Position or a [position] table, got {quote(position)}")
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        raise _bad(f"moves is a list of move texts, got {quote(moves)}")
    if not moves:
        raise _bad("name the moves to judge, as a list of move texts")
    if len(moves) > MAX_RECORD_MOVES:
        raise _bad(f"at most {MAX_RECORD_MOVES} moves, got {len(moves)}")
    for n, text in enumerate(moves):
        if not isinstance(text, str):
            raise _bad(f"move {n + 1} is a move text ('SEAT: CARDS'), got {quote(text)}")
    if view is not None and (
        isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < position.players
    ):
        raise _bad(f"view must be a seat 0..{position.players - 1}, got {quote(view)}")
    entry = game_named(position.game)
    return entry.state_from_position(position, _Judge(position.game, list(moves), view))


def judge_case(case: Case) -> CaseRuling:
    """Rule on a case of any kind (a dispute: its ``expect``, if any, is not compared). Never
    raises for the case's content: a case that cannot be ruled on is a :class:`CaseError`
    with the error's code, so the other cases of its file are still ruled on."""
    if not isinstance(case, Case):
        raise _bad(f"a case loaded from a case file is needed, got {quote(case)}")
    try:
        if case.kind == "play":
            return _judge_play(case)
        return _judge_other(case)
    except CardrulesError as err:
        error: JSONObject = dict(err.to_json())
        return CaseError(
            game=case.game, kind=case.kind, error=error, clauses=case.rules, case=case.id
        )


def _judge_play(case: Case) -> Ruling:
    moves = case.data.get("moves")
    view = case.data.get("view")
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise CardrulesError("moves must be a non-empty list of move texts", code="bad-case-file")
    if view is not None and (isinstance(view, bool) or not isinstance(view, int)):
        raise CardrulesError(f"view must be a seat, got {quote(view)}", code="bad-case-file")
    ruling = judge(case.position, moves, view=view)
    return attrs.evolve(ruling, case=case.id, clauses=_unique((*ruling.clauses, *case.rules)))


def _judge_other(case: Case) -> CaseRuling:
    ruling = rule_on(case)
    if ruling.error is not None:
        raise ruling.error
    game, case_id, rules = case.game, case.id, case.rules
    if case.kind == "classify":
        cards, answer = str(case.data["cards"]), str(ruling.answer)
        return ClassifyRuling(game=game, case=case_id, clauses=rules, cards=cards, answer=answer)
    if case.kind == "beats":
        top, play = str(case.data["top"]), str(case.data["play"])
        beats = ruling.answer is True
        return BeatsRuling(game=game, case=case_id, clauses=rules, top=top, play=play, answer=beats)
    if case.kind == "round":
        result = {key: _json(value) for key, value in ruling.observed.items()}
        return RoundRuling(game=game, case=case_id, clauses=rules, result=result)
    return _variant_ruling(case, ruling.observed.get("keys", ()))


def _variant_ruling(case: Case, keys: object) -> VariantRuling:
    table = case.position_table
    overrides = table.get("overrides", {})
    refusal = case.refusal
    return VariantRuling(
        game=case.game,
        case=case.id,
        clauses=case.rules,
        variant=str(table.get("variant", "")),
        overrides={str(k): _json(v) for k, v in overrides.items()},
        answer="playable" if refusal is None else "refused",
        name=None if refusal is not None else case.position.variant.name,
        refusal=None if refusal is None else dict(refusal.to_json()),
        keys=tuple(keys) if isinstance(keys, tuple) else (),
    )


def _json(value: object) -> JSON:
    """A computed value as JSON: tuples as arrays, cards as their text."""
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    return str(value)
