"""What a move did, as data (CORE-EVENT-1 (What a move did)), and who may see it
(CORE-EVENT-2 (Who sees an event)).

``state.step(move)`` returns the next state and a tuple of :class:`Event` records — the move
itself first, then what followed from it (a trick won, a seat out, a throw that failed, the
round over …). A client animates a game from them; a log of them replays the game. Each game
defines its own event classes in ``cardrules.<game>.events``; they share this base, which gives
every event its name (``event`` in JSON) and its JSON form.

The events ``step`` returns are the whole truth, for the table's referee. Not every seat may see
all of it: a 四幺四 return's card is for the two seats it passes between, a Shengji burial for
the burier. So every event says who receives it (:meth:`Event.audience`, an :class:`Audience`):
every seat (:data:`EVERYONE`), or only some seats — and what the other seats receive instead, a
form of the event without what they may not see, or nothing. Each concrete event class declares
its audience in its own class body (``audience = public`` for an event every seat sees, else a
method); the base declares none, and a game whose event classes do not all declare one cannot
register (:func:`check_event_classes`). :func:`seen_by` is the one way to get the events as a
seat receives them; everything that shows events to a seat (a server, ``replay --seat``,
``cardrules play``) goes through it::

    state, events = state.step(move)
    for seat in range(state.players):
        send(seat, [e.to_json() for e in seen_by(events, seat)])

An event log is a JSON document (see ``spec/README.md``):
``{"format": 1, "game": …, "type": "events", "events": [{"event": "move", …}, …]}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules import args, plugins
from cardrules.cards import Card
from cardrules.errors import ArgumentError, CardrulesError, DocumentError
from cardrules.implements import implements
from cardrules.jsonio import (
    JSON,
    Bounds,
    JSONObject,
    document,
    open_document,
    read_record,
    record_json,
)
from cardrules.move import MAX_SEAT
from cardrules.multiset import Cards

__all__ = [
    "EVERYONE",
    "OPTIONAL",
    "Audience",
    "Event",
    "check_event_classes",
    "named_cards",
    "only",
    "optional_fields",
    "public",
    "read_events",
    "seen_by",
    "write_events",
]

#: The most events one log may hold when read back (a four-deck round has about 700).
MAX_EVENTS = 100_000

#: The metadata of an event field written to JSON only when it is set (not ``None``): a detail
#: that only some events of a class carry (the seat a 四幺四 return goes to, the piece a failed
#: Shengji throw forced), so that the JSON of the others stays as it was. Declare such a field
#: ``attrs.field(default=None, kw_only=True, metadata=OPTIONAL)``.
OPTIONAL: Mapping[str, bool] = {"optional": True}


@attrs.frozen
class Audience:
    """Who receives an event, CORE-EVENT-2 (Who sees an event): ``seats`` receive it in full
    (``None``: every seat); every other seat receives ``others`` instead — the event without
    what those seats may not see — or nothing when ``others`` is ``None``."""

    seats: frozenset[int] | None = None
    others: Event | None = None

    def sees(self, seat: int) -> bool:
        """Whether ``seat`` receives the event in full."""
        return self.seats is None or seat in self.seats


#: The audience of an event every seat receives in full.
EVERYONE = Audience()


def only(seats: Iterable[int], *, others: Event | None) -> Audience:
    """The audience of an event that only ``seats`` receive in full; the other seats receive
    ``others`` (the event as they may see it: itself an event every seat may see) or, when it
    is ``None``, nothing. ``others`` must be given: a game says what the others see."""
    if others is not None and others.audience().seats is not None:
        raise CardrulesError(
            f"what the other seats receive instead of a {others.NAME!r} event must be an event "
            "every seat may see",
            code="bad-game",
        )
    return Audience(frozenset(seats), others)


@attrs.frozen
class Event:
    """Base of every event. ``NAME`` is the event's name in JSON (``"trick-won"`` …); ``CLAUSE``
    the clause that says it happens (a judge cites it among what a move did). Every concrete
    event class declares :meth:`audience` in its own body."""

    NAME: ClassVar[str] = ""
    CLAUSE: ClassVar[str] = ""
    #: A detail of play (a trick won, a seat out, a chain step …) that a summary of a whole
    #: match, such as ``cardrules demo``, leaves out; the match's own events are not.
    DETAIL: ClassVar[bool] = False

    def audience(self) -> Audience:
        """Who receives this event in full, and what the other seats receive instead,
        CORE-EVENT-2 (Who sees an event). The base declares none: there is no default audience
        (an event class that forgot to say would otherwise be public); a class every seat sees
        says ``audience = public`` in its body."""
        raise CardrulesError(
            f"the event class {type(self).__name__} declares no audience", code="bad-game"
        )

    def to_json(self) -> JSONObject:
        """The event as JSON: ``{"event": NAME, <its fields>}``, an :data:`OPTIONAL` field only
        when it is set."""
        out: JSONObject = {"event": self.NAME, **record_json(self)}
        for name in optional_fields(type(self)):
            if out.get(name) is None:
                del out[name]
        return out

    def describe(self) -> str:
        """One line for a person reading a game's log (``cardrules demo``, ``replay``); events
        that deserve better words override it, and an event not worth a line says ``""``."""
        fields = ", ".join(f"{k} {v}" for k, v in record_json(self).items() if v is not None)
        return f"{self.NAME}: {fields}" if fields else self.NAME


def public(event: Event) -> Audience:
    """The audience of an event every seat receives in full: an event class says
    ``audience = public`` in its body."""
    return EVERYONE


_OPTIONAL_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def optional_fields(cls: type[Event]) -> tuple[str, ...]:
    """The names of ``cls``'s :data:`OPTIONAL` fields (absent from its JSON when not set)."""
    names = _OPTIONAL_FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in attrs.fields(cls) if f.metadata.get("optional"))
        _OPTIONAL_FIELDS[cls] = names
    return names


@implements("CORE-EVENT-2")
def seen_by(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """The events as ``seat`` receives them, CORE-EVENT-2 (Who sees an event): each event its
    audience lets the seat see in full as it is, in its place the form the other seats receive
    (a 四幺四 return without its card, a Shengji burial without its cards, a failed throw's move
    as its forced piece), and nothing where they receive nothing. This is the one way a server,
    a record's replay for a seat (``cardrules replay --seat``) or ``cardrules play`` learns what
    to show a seat; filtering the events again changes nothing."""
    if type(seat) is not int or not 0 <= seat <= MAX_SEAT:
        seat = args.integer(seat, 0, MAX_SEAT, "seat", what="a seat")
    out: list[Event] = []
    for event in args.listed(events, MAX_EVENTS, "events", what="events are a list of events"):
        if not isinstance(event, Event):
            raise ArgumentError(f"not an event: {args.shown(event)}", key="events")
        audience = event.audience()
        if audience.sees(seat):
            out.append(event)
        elif audience.others is not None:
            out.append(audience.others)
    return tuple(out)


def named_cards(event: Event) -> frozenset[Card]:
    """Every distinct card ``event`` names, in any of its fields: what a reader of it learns of
    the cards (a case's ``shown``, CORE-EVENT-2 (Who sees an event))."""
    found: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, Cards):
            found.update(value.distinct())
        elif isinstance(value, tuple):
            for item in value:
                walk(item)
        elif attrs.has(type(value)):
            for name in attrs.fields_dict(type(value)):  # type: ignore[arg-type]
                walk(getattr(value, name))

    walk(event)
    return frozenset(found)


def check_event_classes(game: str, classes: Sequence[type[Event]]) -> None:
    """Refuse (``bad-game``) the event classes of ``game`` unless there is at least one, each
    is an :class:`Event` with its own ``NAME`` (no two alike), and each declares its audience
    in its own class body, CORE-EVENT-2 (Who sees an event): an audience inherited from another
    class is not declared, so a new event class cannot be public by oversight."""
    if not classes:
        raise CardrulesError(f"the game {game!r} lists no event classes", code="bad-game")
    names: set[str] = set()
    for cls in classes:
        if not (isinstance(cls, type) and issubclass(cls, Event)) or cls is Event:
            raise CardrulesError(
                f"the game {game!r} lists {cls!r:.60}, which is not an event class",
                code="bad-game",
            )
        if not cls.NAME or cls.NAME in names:
            raise CardrulesError(
                f"the event class {cls.__name__} of {game!r} needs a NAME of its own",
                code="bad-game",
            )
        names.add(cls.NAME)
        if not callable(cls.__dict__.get("audience")):
            raise CardrulesError(
                f"the event class {cls.__name__} of {game!r} does not declare who sees it: "
                "give it 'audience = public' or an audience() method in its own body "
                "(CORE-EVENT-2 (Who sees an event))",
                code="bad-game",
            )


def write_events(game: str, events: Sequence[Event]) -> JSONObject:
    """An event log as a document."""
    plugins.game_named(game, check_event_classes)
    listed = args.sequence(events, Event, MAX_EVENTS, "events", what="the events")
    body: list[JSON] = [e.to_json() for e in listed]
    return document(game, "events", {"events": body})


def read_events(
    data: Mapping[str, JSON] | str | bytes,
    game: str,
    classes: Sequence[type[Event]],
    bounds: Bounds | None = None,
) -> tuple[Event, ...]:
    """Read an event log written by :func:`write_events` for ``game``, whose events are of
    ``classes``: each field's JSON type checked before it is converted, every seat, count and
    score within ``bounds`` (the game's ranges, :class:`~cardrules.jsonio.Bounds`; by default
    the widest any of its tables allows)."""
    by_name = {cls.NAME: cls for cls in classes}
    reader = open_document(data, game, "events")
    if bounds is None:
        widest = plugins.game_named(game, check_event_classes).record_bounds
        bounds = None if widest is None else widest()
    out: list[Event] = []
    for path, item in reader.items("events", MAX_EVENTS):
        if not isinstance(item, Mapping):
            raise reader.bad(path, item, "an event object is needed")
        fields = dict(item)
        name = fields.pop("event", None)
        cls = by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise reader.bad(f"{path}.event", name, "one of " + ", ".join(sorted(by_name)))
        try:
            out.append(read_record(cls, fields, f"{game} {name} event", bounds))
        except DocumentError as err:
            key = f"{path}.{err.key}" if err.key else path
            raise reader.fail(key, err.detail) from None
    reader.done()
    return tuple(out)
