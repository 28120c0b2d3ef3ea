"""Finding the games: the entry points of group ``cardrules.games`` and the table of the games
registered (:mod:`cardrules.registry` is the public face of it).

A game is a plugin. Its distribution declares an entry point in the group :data:`GROUP`, named
for the game, whose value is either an object that is a game (a
:class:`cardrules.registry.Game`, such as a :class:`~cardrules.registry.GameEntry`) or a module
that registers one of that name when it is imported (:func:`cardrules.registry.register`);
the two games this library ships are declared so in its own ``pyproject.toml``::

    [project.entry-points."cardrules.games"]
    siyaosi = "cardrules.siyaosi"

A source checkout used without an install has no entry points: the built-in games are then
found all the same (:data:`BUILTIN`, the fallback for a name no entry point declares).

The games are looked for once, the first time one is asked for. A plugin that cannot be used —
its entry point fails to load, loads something that is not a game or a game of another name, or
names a game an earlier entry point already gives (the built-in ones come first) — is refused
with a :class:`PluginError` naming the entry point: it is left out of the games there are, with
a :class:`PluginWarning`, and asking for that game by name raises the error. A broken plugin
never stops the other games from working.

This module is below :mod:`cardrules.events` (which finds a game by name to write its event
log), so it does not import it: whoever registers or looks up a game passes in the check of a
game's event classes (:func:`cardrules.events.check_event_classes`).
"""

from __future__ import annotations

import types
import warnings
from collections.abc import Callable, Iterable, Sequence
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, TypeGuard

import attrs

from cardrules import args
from cardrules.errors import CardrulesError, VariantError, did_you_mean
from cardrules.limits import quote

if TYPE_CHECKING:
    from cardrules.registry import Game

__all__ = [
    "BUILTIN",
    "GROUP",
    "PluginError",
    "PluginWarning",
    "all_games",
    "game_named",
    "game_names",
    "register",
    "unregister",
]

#: The entry-point group a game registers in.
GROUP = "cardrules.games"

#: The games this library ships, in the order :func:`all_games` lists them first; used for a
#: name that no installed entry point declares (a source checkout on ``PYTHONPATH``).
BUILTIN: tuple[EntryPoint, ...] = (
    EntryPoint(name="siyaosi", value="cardrules.siyaosi", group=GROUP),
    EntryPoint(name="shengji", value="cardrules.shengji", group=GROUP),
)

#: What a game's members are: a loaded object without all of them is not a game (the members
#: of :class:`cardrules.registry.Game`; a test keeps the two in step).
GAME_MEMBERS = (
    "adapter",
    "bot_names",
    "bots",
    "duel",
    "events",
    "match_state",
    "name",
    "new_state",
    "position_keys",
    "presets",
    "record_bounds",
    "schemas",
    "seat_bots",
    "seen_events",
    "state_from_json",
    "state_from_position",
    "title",
    "variant_class",
)

#: The check of a game's event classes, CORE-EVENT-2 (Who sees an event):
#: :func:`cardrules.events.check_event_classes`, passed in by the caller.
EventCheck = Callable[[str, Sequence[type]], None]


class PluginError(CardrulesError):
    """A game's entry point that cannot be used (it fails to load, loads something that is
    not a game, or a second game of a name): ``entry_point`` names it as ``name = value`` and,
    when known, its distribution."""

    CODE = "bad-plugin"

    def __init__(self, entry_point: str, problem: str) -> None:
        self.entry_point = entry_point
        self.problem = problem
        super().__init__(f"the game plugin {entry_point} {problem}")

    def details(self) -> dict[str, str | int]:
        return {"entry_point": self.entry_point}


class PluginWarning(UserWarning):
    """A game plugin was left out (the :class:`PluginError` that says why is its message)."""


@attrs.define
class _Table:
    games: dict[str, Game] = attrs.field(factory=dict)
    broken: dict[str, PluginError] = attrs.field(factory=dict)
    searched: bool = False
    searching: bool = False


_TABLE = _Table()


def register(game: Game, check: EventCheck) -> None:
    """Add ``game`` to the table, its event classes passed through ``check``; refuses
    (``bad-game``) another game of a name already registered."""
    check(game.name, game.events)
    known = _TABLE.games.get(game.name)
    if known is not None and known is not game:
        raise CardrulesError(
            f"a game named {quote(game.name)} is already registered", code="bad-game"
        )
    _TABLE.games[game.name] = game


def unregister(name: str) -> None:
    """Take the game called ``name`` out of the table (a toy game a test or a guide registered
    for a while); refuses (``unknown-game``) a name that is not registered."""
    if not isinstance(name, str) or name not in _TABLE.games:
        raise VariantError(
            f"no game {args.shown(name)} is registered", key="name", code="unknown-game"
        )
    del _TABLE.games[name]


def _shown(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    origin = f" (from {dist.name})" if dist is not None else ""
    return f"{quote(f'{point.name} = {point.value}')}{origin}"


def _installed() -> list[EntryPoint]:
    """The entry points of :data:`GROUP`, the built-in games' first (as :data:`BUILTIN` lists
    them), then the others by name; a built-in game no entry point names is added."""
    try:
        found = list(entry_points(group=GROUP))
    except Exception as err:  # broken metadata of some distribution: the built-in games stay
        warnings.warn(f"the game plugins cannot be listed: {err}", PluginWarning, stacklevel=4)
        found = []
    names = {point.name for point in found}
    found += [point for point in BUILTIN if point.name not in names]
    order = [point.name for point in BUILTIN]

    def rank(point: EntryPoint) -> tuple[int, str, str]:
        ours = point.name in order and point.value.startswith("cardrules.")
        first = order.index(point.name) if ours else len(order)
        return (first, point.name, point.value)

    return sorted(found, key=rank)


def _is_game(value: object) -> TypeGuard[Game]:
    return all(hasattr(value, member) for member in GAME_MEMBERS) and isinstance(
        getattr(value, "name", None), str
    )


def _load(point: EntryPoint, check: EventCheck) -> None:
    """Load one entry point and register the game it gives; a :class:`PluginError` if it
    cannot be used (the table then holds nothing it added)."""
    shown = _shown(point)
    before = dict(_TABLE.games)
    try:
        loaded = point.load()
    except Exception as err:  # a plugin's import may fail in any way
        _TABLE.games = before
        raise PluginError(shown, f"fails to load: {type(err).__name__}: {err}") from err
    if isinstance(loaded, types.ModuleType):
        if point.name not in _TABLE.games:
            raise PluginError(
                shown, f"loads the module {loaded.__name__}, which registers no game of its name"
            )
        return
    game: object = loaded
    if not _is_game(game):
        raise PluginError(shown, f"loads {args.shown(game)}, which is not a game")
    if game.name != point.name:
        raise PluginError(shown, f"loads the game {quote(game.name)}, not one of its own name")
    try:
        register(game, check)
    except CardrulesError as err:
        raise PluginError(shown, f"gives a game that cannot register: {err}") from err


def _search(check: EventCheck) -> None:
    """Look for the games once: load every entry point, leave out (with a warning) each one
    that cannot be used."""
    if _TABLE.searched or _TABLE.searching:
        return
    _TABLE.searching = True
    try:
        given: dict[str, str] = {}
        for point in _installed():
            if point.name in given:
                error = PluginError(
                    _shown(point),
                    f"names a second game {quote(point.name)} (the first: {given[point.name]})",
                )
            else:
                try:
                    _load(point, check)
                except PluginError as err:
                    error = err
                else:
                    given[point.name] = _shown(point)
                    _TABLE.broken.pop(point.name, None)
                    continue
                if point.name not in _TABLE.games:
                    _TABLE.broken[point.name] = error
            warnings.warn(str(error), PluginWarning, stacklevel=4)
    finally:
        _TABLE.searching = False
        _TABLE.searched = True


def all_games(check: EventCheck) -> tuple[Game, ...]:
    """Every game that could be used: the built-in ones first (in :data:`BUILTIN`'s order),
    then the others by name."""
    _search(check)
    return tuple(_TABLE.games[name] for name in _ranked(_TABLE.games))


def _ranked(names: Iterable[str]) -> tuple[str, ...]:
    order = [point.name for point in BUILTIN]
    return tuple(sorted(names, key=lambda n: (order.index(n) if n in order else len(order), n)))


def game_names() -> tuple[str, ...]:
    """The names of the games there are, in :func:`all_games`'s order, without loading any:
    every entry point's and every game's registered (for the command line's choices, which
    must not import every game to start). A name whose plugin turns out not to work is refused
    when it is used."""
    names = {point.name for point in _installed()} | set(_TABLE.games)
    return _ranked(names - set(_TABLE.broken))


def game_named(name: object, check: EventCheck, *, key: str = "game") -> Game:
    """The game called ``name``. A game whose plugin was refused raises that
    :class:`PluginError`; any other name a :class:`~cardrules.errors.VariantError`
    (``unknown-game``) naming ``key`` and the games there are, by name."""
    games = all_games(check)
    entry = _TABLE.games.get(name) if isinstance(name, str) else None
    if entry is not None:
        return entry
    broken = _TABLE.broken.get(name) if isinstance(name, str) else None
    if broken is not None:
        raise PluginError(broken.entry_point, broken.problem) from broken.__cause__
    names = tuple(sorted(game.name for game in games))
    hint = did_you_mean(name, names) if isinstance(name, str) and len(name) < 40 else ""
    raise VariantError(  # args.shown: never an error of its own (10**5000, a bad repr)
        f"unknown game {args.shown(name)}{hint}", key=key, allowed=names, code="unknown-game"
    )
