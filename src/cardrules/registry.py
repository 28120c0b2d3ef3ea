"""The table of games (after python-chess's ``VARIANTS`` and OpenSpiel's ``register_game``).

A game is a plugin: an entry point in the group ``cardrules.games`` names it, and its package
registers one :class:`GameEntry` when it is imported — its name, its ``Variant`` class and
presets, the hooks the case runner needs, and how to build its states. The two built-in games
are found the same way (with a fallback for a source checkout that is not installed); how the
entry points are read, and what happens to a broken one, is :mod:`cardrules.plugins`.
Everything that reaches a game by name — variant files (``game = "shengji"``), case positions,
the command line, records — asks :func:`game_named`; nothing else imports a game by a computed
module name.

A game lists its event classes (``events``), and :func:`register` refuses one whose classes do
not each declare who sees them, CORE-EVENT-2 (Who sees an event): there is no per-game filter
of events, only :func:`cardrules.events.seen_by`.

Code that works on a state of whichever game uses :meth:`Game.new_state`, which hands the state
to a function that is generic over the game's move type (:class:`StateUser`): the game's own
types stay visible to mypy all the way through, with no ``Any``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

import attrs

from cardrules import plugins
from cardrules.errors import CardrulesError
from cardrules.events import check_event_classes, seen_by
from cardrules.jsonio import read_by_type

if TYPE_CHECKING:
    from cardrules.bots import Bot
    from cardrules.cases.adapter import CaseAdapter
    from cardrules.events import Event
    from cardrules.game import GameState, MoveLike
    from cardrules.jsonio import JSON, Bounds, JSONObject
    from cardrules.position import Position
    from cardrules.stats import DuelScorer, Tallier
    from cardrules.variant import VariantBase

__all__ = [
    "Game",
    "GameEntry",
    "StateUser",
    "TableUser",
    "all_games",
    "game_named",
    "game_names",
    "register",
    "resolve_bot",
    "unregister",
]

R_co = TypeVar("R_co", covariant=True)
R = TypeVar("R")
M = TypeVar("M", bound="MoveLike")
#: The type of the bots a game's factories make (:func:`resolve_bot`).
B = TypeVar("B")


class StateUser(Protocol[R_co]):
    """A function that works on a state of any game: generic over the game's move type."""

    def __call__(self, state: GameState[M], /) -> R_co: ...


class TableUser(Protocol[R_co]):
    """A function that seats bots at a table of any game: it gets the state and the game's
    entry (its bots and its tally), typed for the same move type."""

    def __call__(self, state: GameState[M], game: GameEntry[M], /) -> R_co: ...


class Game(Protocol):
    """What the registry knows of a game, with its move type hidden (see :class:`GameEntry`)."""

    @property
    def name(self) -> str:
        """The game's registered name (``siyaosi``, ``shengji``), as files and the command line
        write it."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people (``四幺四 (4A4)``)."""
        ...

    @property
    def variant_class(self) -> type[VariantBase]:
        """The game's ``Variant`` class."""
        ...

    @property
    def presets(self) -> Traversable:
        """The folder of the game's preset variant files."""
        ...

    @property
    def adapter(self) -> CaseAdapter:
        """The hooks the case runner rules with."""
        ...

    @property
    def position_keys(self) -> frozenset[str]:
        """The ``[position]`` keys this game reads besides the contract's."""
        ...

    @property
    def events(self) -> tuple[type[Event], ...]:
        """Every event class of the game; each declares its audience, CORE-EVENT-2 (Who sees an
        event)."""
        ...

    @property
    def record_bounds(self) -> Callable[[], Bounds] | None:
        """The ranges of the integers of the game's records at any of its tables (``None``: the
        generic ones, :data:`cardrules.jsonio.GENERIC_BOUNDS`)."""
        ...

    def schemas(self) -> Mapping[str, JSONObject]:
        """The JSON Schemas of the game's documents, by name."""
        ...

    def seen_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """``events`` as ``seat`` saw them."""
        ...

    def new_state(self, variant: VariantBase, seed: int, user: StateUser[R]) -> R:
        """Deal a round of ``variant`` from ``seed`` and hand the state to ``user``."""
        ...

    def state_from_position(self, position: Position, user: StateUser[R]) -> R:
        """Build the state a case's ``[position]`` describes and hand it to ``user``."""
        ...

    def match_state(self, variant: VariantBase, seed: int, user: StateUser[R]) -> R | None:
        """Start a whole match from ``seed`` and hand it to ``user`` (``None``: the game has no
        matches)."""
        ...

    def state_from_json(self, data: Mapping[str, JSON] | str | bytes, user: StateUser[R]) -> R:
        """Read a state document of this game (a round's or a match's) and hand the state to
        ``user``."""
        ...

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The names of the game's bots (``random``, ``heuristic`` …)."""
        ...

    @property
    def bots(self) -> Mapping[str, Callable[[], object]]:
        """The game's bots by name (:func:`resolve_bot` reads them)."""
        ...

    @property
    def duel(self) -> Callable[[], DuelScorer] | None:
        """What scores a game of a duel between bots, when the game can."""
        ...

    def seat_bots(self, variant: VariantBase, seed: int, user: TableUser[R]) -> R:
        """Start what a game between bots plays from ``seed`` and hand it to ``user`` with the
        game's entry (its bots and tally)."""
        ...


@attrs.frozen
class GameEntry(Generic[M]):
    """One game: its names, variants, case hooks and state constructors."""

    name: str
    title: str
    variant_class: type[VariantBase]
    presets: Traversable
    adapter: CaseAdapter
    new: Callable[[VariantBase, int], GameState[M]]
    from_position: Callable[[Position], GameState[M]]
    from_json: Callable[[Mapping[str, JSON] | str | bytes], GameState[M]]
    #: Every event class of the game; each declares who sees it (checked by :func:`register`).
    events: tuple[type[Event], ...]
    #: ``[position]`` keys this game reads besides the contract's.
    position_keys: frozenset[str] = frozenset()
    #: A whole match from a seed (every round, with the game's phases), when the game has one.
    new_match: Callable[[VariantBase, int], GameState[M]] | None = None
    #: Reads a match document (``type = "match"``), when the game has matches.
    match_from_json: Callable[[Mapping[str, JSON]], GameState[M]] | None = None
    #: The JSON Schemas of the game's documents, by name (see :mod:`cardrules.schema`).
    schema_builder: Callable[[], Mapping[str, JSONObject]] | None = None
    #: The game's bots by name; ``"random"`` and ``"heuristic"`` at least.
    bots: Mapping[str, Callable[[], Bot[M]]] = attrs.field(factory=dict)
    #: What a simulation counts in one game of it (``cardrules.<game>.stats``).
    tally: Callable[[], Tallier[M]] | None = None
    #: Scores a duel's game for team 0 from its events (``cardrules.<game>.stats.Duel``).
    duel: Callable[[], DuelScorer] | None = None
    #: The ranges of the integers of the game's records (events, results) at any of its tables
    #: (``cardrules.<game>.bounds.record_bounds``), for a record that does not say its variant.
    record_bounds: Callable[[], Bounds] | None = None

    def schemas(self) -> Mapping[str, JSONObject]:
        """The JSON Schemas of the game's documents, by name (none if it declares no builder)."""
        return {} if self.schema_builder is None else self.schema_builder()

    def seen_events(self, events: Sequence[Event], seat: int) -> tuple[Event, ...]:
        """``events`` as ``seat`` receives them: :func:`cardrules.events.seen_by`, the same for
        every game, CORE-EVENT-2 (Who sees an event)."""
        return seen_by(events, seat)

    def new_state(self, variant: VariantBase, seed: int, user: StateUser[R]) -> R:
        """Deal a round of ``variant`` from ``seed`` and hand the state to ``user``."""
        return user(self.new(variant, seed))

    def state_from_position(self, position: Position, user: StateUser[R]) -> R:
        """Build the state a case's ``[position]`` describes and hand it to ``user``."""
        return user(self.from_position(position))

    def match_state(self, variant: VariantBase, seed: int, user: StateUser[R]) -> R | None:
        """Start a whole match from ``seed`` and hand it to ``user`` (``None``: no matches)."""
        return None if self.new_match is None else user(self.new_match(variant, seed))

    def state_from_json(self, data: Mapping[str, JSON] | str | bytes, user: StateUser[R]) -> R:
        """Read a state document of this game — a play state's, or a match's — and hand it to
        ``user``."""
        readers: dict[str, Callable[[Mapping[str, JSON]], GameState[M]]] = {"state": self.from_json}
        if self.match_from_json is not None:
            readers["match"] = self.match_from_json
        return user(read_by_type(data, self.name, readers, "state"))

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The names of the game's bots, in the order they were declared."""
        return tuple(self.bots)

    def seat_bots(self, variant: VariantBase, seed: int, user: TableUser[R]) -> R:
        """Start what a game between bots plays from ``seed`` — a whole match where the game
        has one, else one round (as a record replays it) — and hand it to ``user`` with this
        entry (the game's bots and tally)."""
        make = self.new if self.new_match is None else self.new_match
        return user(make(variant, seed), self)


def register(entry: Game) -> None:
    """Add a game (a game's plugin module does this once, when it is imported; see
    :mod:`cardrules.plugins`). Refuses (``bad-game``) a game that lists no event classes, one
    whose event classes do not each declare who sees them in their own body, CORE-EVENT-2 (Who
    sees an event), or a second game of a name already registered."""
    plugins.register(entry, check_event_classes)


def unregister(name: str) -> None:
    """Take the game called ``name`` back out (a toy game registered for a test or a guide);
    refuses (``unknown-game``) a name that is not registered."""
    plugins.unregister(name)


def all_games() -> tuple[Game, ...]:
    """Every game there is (the built-in ones first, then the plugins' by name); a plugin that
    cannot be used is left out with a :class:`~cardrules.plugins.PluginWarning`."""
    return plugins.all_games(check_event_classes)


def game_names() -> tuple[str, ...]:
    """The names of every game, in :func:`all_games`'s order, without loading any (the command
    line's choices)."""
    return plugins.game_names()


def game_named(name: object, *, key: str = "game") -> Game:
    """The game called ``name``; refuses anything else with a
    :class:`~cardrules.errors.VariantError` naming ``key`` and the games there are (a game
    whose plugin cannot be used: its :class:`~cardrules.plugins.PluginError`)."""
    return plugins.game_named(name, check_event_classes, key=key)


#: The Chinese level names a bot may be asked for by, and the game's bot name each stands for.
LEVEL_ALIASES = {"简单": "easy", "困难": "hard", "专家": "expert"}
#: The longest bot name (or ``module:Class`` text) :func:`resolve_bot` reads.
MAX_BOT_NAME = 200


def resolve_bot(bots: Mapping[str, Callable[[], B]], name: object) -> Callable[[], B]:
    """The factory of the bot called ``name`` among a game's ``bots``.

    ``name`` is one of the game's own names (``random``, ``heuristic`` …), a Chinese level name
    (简单, 困难, 专家 — resolved only when the game has easy, hard or expert), or
    ``module:Class``: the module is imported and the class, called with no arguments, must give
    an object with a ``choose`` method. Any failure raises a
    :class:`~cardrules.errors.CardrulesError` with code ``unknown-bot`` naming the text.
    """
    if not isinstance(name, str) or not name or len(name) > MAX_BOT_NAME:
        raise CardrulesError(f"unknown bot {str(name)[:MAX_BOT_NAME]!r}", code="unknown-bot")
    key = LEVEL_ALIASES.get(name, name)
    if key in bots:
        return bots[key]
    module, sep, cls = name.partition(":")
    if not sep:
        raise CardrulesError(f"unknown bot {name!r} (one of {', '.join(bots)})", code="unknown-bot")
    try:
        found = getattr(importlib.import_module(module), cls)
    except Exception as e:  # any import failure of a user's module is one error
        raise CardrulesError(f"unknown bot {name!r}: {e}", code="unknown-bot") from None
    if not isinstance(found, type) or not callable(getattr(found, "choose", None)):
        raise CardrulesError(f"unknown bot {name!r}: no class with choose", code="unknown-bot")
    # checked above as far as Python can: a class with ``choose``
    return cast("Callable[[], B]", found)
