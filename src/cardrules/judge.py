"""A judge that serves: rule on a written situation and say why, citing the clauses.

``judge(position, moves)`` plays the moves from the position; the last one is judged (or the
first that is refused, when an earlier one is). The :class:`Ruling` says whether it is legal,
the refusal's code and sentence, the clauses that decide it — taken from the engine, for a legal
move too (what makes it legal, then what it did) — and the state after a legal move. It is a
JSON document, so a dispute service can return it as it is; :meth:`Ruling.lines` writes it for a
person, in English or Chinese (:mod:`cardrules.i18n`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

import attrs

from cardrules.cases.clauses import Clause, clause_index
from cardrules.errors import CardrulesError
from cardrules.events import seen_by
from cardrules.game import Actor, GameState, MoveLike
from cardrules.i18n import Catalog, catalog
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.notation import parse_move_text
from cardrules.position import Position, load_position
from cardrules.registry import game_named

__all__ = ["Ruling", "judge"]

M = TypeVar("M", bound=MoveLike)


@attrs.frozen(kw_only=True)
class Ruling:
    """What the judge says of one move.

    ``at`` is the index of the judged move in the moves given (the last, unless an earlier one
    was refused); ``before`` draws the table just before it (one line each); ``clauses`` are the
    ids that decide the ruling, the refusing clause first for an illegal move, else what makes it
    legal and then what it did; ``events`` say what a legal move did; ``state`` is the state
    after a legal move, as its JSON document."""

    game: str
    move: str
    at: int
    legal: bool
    code: str = ""
    reason: str = ""
    clauses: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    event_names: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    view: int | None = None
    state: JSONObject | None = None

    def to_json(self) -> JSONObject:
        return document(
            self.game,
            "ruling",
            {
                "move": self.move,
                "at": self.at,
                "legal": self.legal,
                "code": self.code,
                "reason": self.reason,
                "clauses": list(self.clauses),
                "events": list(self.events),
                "event_names": list(self.event_names),
                "before": list(self.before),
                "view": self.view,
                "state": self.state,
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes, game: str) -> Ruling:
        """Read what :meth:`to_json` wrote (the state after is kept as its document)."""
        reader = open_document(data, game, "ruling")
        state = reader.raw("state")
        if state is not None and not isinstance(state, dict):
            raise reader.bad("state", state, "a state document or null is needed")
        ruling = cls(
            game=game,
            move=reader.text("move"),
            at=reader.integer("at", 0, None),
            legal=reader.boolean("legal"),
            code=reader.text("code"),
            reason=reader.text("reason", 2000),
            clauses=reader.each("clauses", 64, lambda p, v: _text(reader, p, v)),
            events=reader.each("events", 64, lambda p, v: _text(reader, p, v)),
            event_names=reader.each("event_names", 64, lambda p, v: _text(reader, p, v)),
            before=reader.each("before", 64, lambda p, v: _text(reader, p, v)),
            view=reader.opt_integer("view", 0, 7),
            state=state,
        )
        reader.done()
        if len(ruling.events) != len(ruling.event_names):
            raise reader.bad(
                "event_names",
                list(ruling.event_names),
                f"one name per event is needed ({len(ruling.events)} events)",
            )
        return ruling

    def lines(self, lang: str = "en", clauses: Mapping[str, Clause] | None = None) -> list[str]:
        """The ruling for a person: the table before the move, the verdict, the reason, what it
        did and each clause with its title (in ``lang``: ``en`` or ``zh``)."""
        words = catalog(lang)
        index = clause_index() if clauses is None else clauses
        out = [*self.before]
        seen = f" ({words.text('as-seen-by')} {self.view})" if self.view is not None else ""
        verdict = words.text("legal" if self.legal else "illegal")
        out.append(
            f"{words.text('ruling')}: {_move_words(words, self.game, self.move)} — {verdict}{seen}"
        )
        if not self.legal:
            meaning = words.code(self.game, self.code) or self.reason
            out.append(f"  {words.text('reason')}: {meaning} ({self.code})")
            if lang != "en" and self.reason:
                out.append(f"  ({self.reason})")
        for name, line in zip(self.event_names, self.events, strict=True):
            said = line if lang == "en" else f"{words.event(name)} ({line})"
            out.append(f"  {words.text('then')}: {said}")
        for clause_id in self.clauses:
            title = _title(words, clause_id, index)
            out.append(f"  {words.text('clause')} {clause_id}: {title}")
        return out


def _text(reader: Reader, path: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > 500:
        raise reader.bad(path, value, "a line of text is needed")
    return value


def _move_words(words: Catalog, game: str, text: str) -> str:
    """A move as a person reads it: its kind in the catalog's language, cards with suit
    symbols (the notation itself in English)."""
    if words.lang == "en":
        return text
    move = parse_move_text(text)
    kind = words.kind(game, move.verb or "play")
    return f"{move.seat}: {kind} {move.cards.pretty()}".rstrip()


def _title(words: Catalog, clause_id: str, index: Mapping[str, Clause]) -> str:
    translated = words.clause(clause_id)
    if translated:
        return translated
    clause = index.get(clause_id)
    return clause.title if clause else "(not a clause of this project's spec)"


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
                    before=draw(state, self.view if last else None),
                    view=self.view if last else None,
                )
            if last:
                after, events = state.step(move)
                if self.view is not None:  # CORE-EVENT-2 (Who sees an event)
                    events = seen_by(events, self.view)
                effects = tuple(e.CLAUSE for e in events if e.CLAUSE)
                # What the move did, in words: an event with nothing to say (a card dealt face
                # down) is left out with its name, so the two lists stay side by side.
                shown = [
                    (e.NAME, line) for e in events if e.NAME != "move" and (line := e.describe())
                ]
                return Ruling(
                    game=self.game,
                    move=str(move),
                    at=at,
                    legal=True,
                    reason=f"{move} is legal here",
                    clauses=_unique((*judge.grounds(move), *effects)),
                    events=tuple(line for _, line in shown),
                    event_names=tuple(name for name, _ in shown),
                    before=draw(state, self.view),
                    view=self.view,
                    state=after.to_json(),
                )
            state = state.apply(move)
        raise CardrulesError("name at least one move to judge")


def _unique(ids: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def draw(state: GameState[M], view: int | None = None) -> tuple[str, ...]:
    """The table for a person: each hand with suit symbols (only ``view``'s, when a seat's view
    is judging; the others as counts), the trick so far and the top."""
    lines = [f"{state.variant.game} / {state.variant.name}"]
    for seat, hand in enumerate(state.hands):
        turn = "  ← turn" if seat == state.turn else ""
        shown = hand.pretty() or "—" if view is None or seat == view else f"({len(hand)} cards)"
        lines.append(f"  seat {seat} (team {seat % 2}): {shown}{turn}")
    if state.trick:
        lines.append("  trick: " + ", ".join(str(m) for m in state.trick))
    top = state.top
    if top is not None:
        lines.append(f"  top: {top.cards.pretty()} (seat {top.seat})")
    return tuple(lines)


def judge(
    position: Position | Mapping[str, object],
    moves: Sequence[str],
    *,
    view: int | None = None,
) -> Ruling:
    """Rule on the moves played from ``position`` (a loaded position or a ``[position]`` table):
    the last one — judged by the state, or by seat ``view``'s view when it is given — or the
    first that is refused. Raises :class:`CardrulesError` for a position or move text that
    cannot be read."""
    if not isinstance(position, Position):
        position = load_position(position)
    if isinstance(moves, str) or not moves:
        raise CardrulesError("name the moves to judge, as a list of move texts")
    if view is not None and not 0 <= view < position.players:
        raise CardrulesError(f"view must be a seat 0..{position.players - 1}, got {view!r:.20}")
    entry = game_named(position.game)
    return entry.state_from_position(position, _Judge(position.game, list(moves), view))
