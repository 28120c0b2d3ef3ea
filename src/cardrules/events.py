"""What a move did, as data (CORE-EVENT-1 (What a move did)).

``state.step(move)`` returns the next state and a tuple of :class:`Event` records — the move
itself first, then what followed from it (a trick won, a seat out, a throw that failed, the
round over …). A client animates a game from them; a log of them replays the game. Each game
defines its own event classes in ``cardrules.<game>.events``; they share this base, which gives
every event its name (``event`` in JSON) and its JSON form.

An event log is a JSON document (see ``spec/README.md``):
``{"format": 1, "game": …, "type": "events", "events": [{"event": "move", …}, …]}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.jsonio import JSON, JSONObject, document, open_document, read_record, record_json

__all__ = ["Event", "read_events", "write_events"]

#: The most events one log may hold when read back (a four-deck round has about 700).
MAX_EVENTS = 100_000


@attrs.frozen
class Event:
    """Base of every event. ``NAME`` is the event's name in JSON (``"trick-won"`` …); ``CLAUSE``
    the clause that says it happens (a judge cites it among what a move did)."""

    NAME: ClassVar[str] = ""
    CLAUSE: ClassVar[str] = ""
    #: A detail of play (a trick won, a seat out, a chain step …) that a summary of a whole
    #: match, such as ``cardrules demo``, leaves out; the match's own events are not.
    DETAIL: ClassVar[bool] = False

    def to_json(self) -> JSONObject:
        """The event as a JSON object: ``event`` (its name) and its fields."""
        return {"event": self.NAME, **record_json(self)}

    def describe(self) -> str:
        """One line for a person reading a game's log (``cardrules demo``, ``replay``); events
        that deserve better words override it, and an event not worth a line says ``""``."""
        fields = ", ".join(f"{k} {v}" for k, v in record_json(self).items())
        return f"{self.NAME}: {fields}" if fields else self.NAME


def write_events(game: str, events: Sequence[Event]) -> JSONObject:
    """An event log as a document."""
    body: list[JSON] = [e.to_json() for e in events]
    return document(game, "events", {"events": body})


def read_events(
    data: Mapping[str, JSON] | str | bytes, game: str, classes: Sequence[type[Event]]
) -> tuple[Event, ...]:
    """Read an event log written by :func:`write_events` for ``game``, whose events are of
    ``classes``."""
    by_name = {cls.NAME: cls for cls in classes}
    reader = open_document(data, game, "events")
    out: list[Event] = []
    for path, item in reader.items("events", MAX_EVENTS):
        if not isinstance(item, Mapping):
            raise reader.bad(path, item, "an event object is needed")
        fields = dict(item)
        name = fields.pop("event", None)
        cls = by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise reader.bad(f"{path}.event", name, "one of " + ", ".join(sorted(by_name)))
        out.append(read_record(cls, fields, f"{game} {name} event"))
    reader.done()
    return tuple(out)
