"""Variants as data: TOML files loaded into frozen attrs objects, one class per game.

A variant file has ``game``, ``name`` (the file's stem when left out), optionally ``extends`` (a
preset name of the same game, or a path relative to the file, inside its folder unless the caller
allows otherwise — see :func:`load_variant`), ``replace`` and ``description``, and then the game's
switches at top level. A table switch a file sets is merged entry by entry into the table of the
variant it extends, or must list every entry of it, as the switch declares; ``replace`` names the
tables the file replaces whole, CORE-VARIANT-1 (A file changes a table entry by entry). Files are
read within the limits of :mod:`cardrules.limits` (the README, "Limits on input"). Each
game declares its switches once, as attrs fields made with :func:`switch`; that declaration drives
loading, validation (every message names the key, the value and what is allowed), ``variant
show``/``diff`` (each switch citing the clauses of the spec it implements) and the hypothesis
strategy that draws variants for property tests.

Rules never test a preset's name: they read switches.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from functools import lru_cache
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar, Self, TypeVar

import attrs

from cardrules import args
from cardrules.cards import CARD_COUNT, Rank
from cardrules.clauses import clause_index
from cardrules.errors import ArgumentError, PositionError, VariantError, did_you_mean
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, Reader
from cardrules.limits import MAX_EXTENDS, MAX_NAME_CHARS, MAX_PATH_CHARS, quote
from cardrules.registry import all_games, game_named
from cardrules.textio import read_toml

__all__ = [
    "GAMES",
    "Switch",
    "VariantBase",
    "dump_toml",
    "list_presets",
    "load_variant",
    "switch",
    "switch_comments",
    "switches_of",
    "toml_value",
    "variant_class",
    "variant_diff",
    "variant_from_table",
    "variant_of",
]

#: The games this library ships, by their name in files and on the command line (the registry
#: in :mod:`cardrules.registry` holds what each one provides, and the games of plugins besides).
GAMES = ("siyaosi", "shengji")
_RESERVED = ("game", "name", "extends", "replace", "description")
#: How a table switch set by a file (or by ``overrides``) meets the table of the variant it
#: extends, CORE-VARIANT-1 (A file changes a table entry by entry): ``keys`` — merged entry by
#: entry; ``whole`` — the file lists every entry of that table (it may change and add entries),
#: else it is refused naming the ones it would drop.
MERGES = ("keys", "whole")
_TABLES = ("table", "pairs")
#: The level ranks, 2 … A, in the text variant files use.
LEVEL_RANKS = tuple(r for r in Rank if not r.is_joker)


@attrs.frozen
class Switch:
    """What one variant switch means and which values it accepts.

    ``kind`` is ``bool``, ``int``, ``str``, ``enum`` (a :class:`~enum.StrEnum`, written as its
    value), ``rank`` (a level rank, written ``"2"`` … ``"A"``), ``list`` (of strings), ``table``
    (string keys to integers) or ``pairs`` (string keys to pairs of integers, ``[8, -4]``: one
    number per team). ``choices`` restricts a ``str``, ``int`` or the items of a ``list``, and
    lists the members of an ``enum`` or the ranks a ``rank`` may take; ``minimum`` and
    ``maximum`` bound an ``int`` and the values of a ``table``; ``keys`` fixes the keys a
    ``table`` or ``pairs`` may have. ``clauses`` are the ids of the clauses of ``spec/*.md``
    that say what the switch does (``cardrules variant show`` cites them); ``ruling`` names the
    ruling ids they rest on, as evidence. ``merge`` says how a table switch set by a file meets
    the table it extends (one of :data:`MERGES`). A switch whose default ``follows`` another
    (declared before it) takes ``derive(that switch's value)`` wherever a file, a table or
    ``overrides`` leaves it out — also when the switch it follows is changed and it is not —
    unless ``derive`` gives ``None``: that value of the leader leaves the follower free (it keeps
    the value it had, or its default), CORE-VARIANT-2 (A switch may follow another).
    """

    kind: str
    doc: str
    choices: tuple[object, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    keys: tuple[str, ...] = ()
    ruling: str = ""
    clauses: tuple[str, ...] = ()
    merge: str = ""
    follows: str = ""
    derive: Callable[[Any], object] | None = attrs.field(default=None, eq=False, repr=False)

    def allowed(self) -> str:
        """The values the switch accepts, in words for an error message or ``variant show`` (``true
        or false``, ``an integer 1..8``, ``'dealer', 'winner'``)."""
        if self.kind in ("enum", "rank"):
            return ", ".join(repr(self.plain(c)) for c in self.choices)
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int" and self.choices:
            return ", ".join(str(c) for c in self.choices)
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"an integer {lo}..{hi}".rstrip(".") if (lo or hi) else "an integer"
        if self.kind == "str":
            return ", ".join(repr(c) for c in self.choices) if self.choices else "a string"
        if self.kind == "list":
            inner = ", ".join(repr(c) for c in self.choices) if self.choices else "strings"
            return f"a list of {inner}"
        keys = ", ".join(self.keys) if self.keys else "string keys"
        if self.kind == "pairs":
            return f"a table of {keys} to [integer, integer]"
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        bound = f" {lo}..{hi}" if (lo or hi) else ""
        return f"a table of {keys} to integers{bound}"

    def plain(self, value: object) -> object:
        """A switch value as a variant file writes it (enums and ranks as text, lists as
        lists, tables as dicts)."""
        if isinstance(value, Rank):
            return value.text
        if isinstance(value, StrEnum):
            return value.value
        if self.kind == "table" and isinstance(value, tuple):
            return dict(value)
        if self.kind == "pairs" and isinstance(value, tuple):
            return {k: list(v) for k, v in value}
        if self.kind == "list" and isinstance(value, tuple):
            return list(value)
        return value


_T = TypeVar("_T")


def switch(
    default: _T,
    *,
    doc: str,
    choices: tuple[object, ...] = (),
    minimum: int | None = None,
    maximum: int | None = None,
    keys: tuple[str, ...] = (),
    ruling: str = "",
    clauses: tuple[str, ...] = (),
    merge: str = "",
    kind: str = "",
    follows: tuple[str, Callable[[Any], object]] | None = None,
) -> _T:
    """Declare a variant switch as an attrs field. Lists and tables are stored as tuples; an
    enum switch takes every member of its class unless ``choices`` narrows it; a rank switch
    takes 2 … A unless ``choices`` narrows it. The kind follows from the default, except for
    ``pairs`` (and an empty table), whose default cannot tell it: pass ``kind`` then. A table
    switch must say how a file's table meets the one it extends (``merge``, one of
    :data:`MERGES`); no other switch may. ``follows = (key, derive)``: where a variant leaves this
    switch out, or changes ``key`` and not this one, it is ``derive(value of key)`` (a converted
    value in, a converted value out; ``None``: that value leaves this switch free), CORE-VARIANT-2
    (A switch may follow another)."""
    if isinstance(default, StrEnum):
        choices = choices or tuple(type(default))
    elif isinstance(default, Rank):
        choices = choices or LEVEL_RANKS
    kind = kind or _kind_of(default)
    if (kind in _TABLES) != (merge in MERGES):  # pragma: no cover - a declaration's mistake
        raise TypeError(f"a table switch declares merge as one of {MERGES}, no other switch does")
    leader, derive = follows if follows is not None else ("", None)
    meta = Switch(
        kind, doc, choices, minimum, maximum, keys, ruling, clauses, merge, leader, derive
    )
    field: _T = attrs.field(default=default, metadata={"switch": meta})
    return field


def _kind_of(default: object) -> str:
    """A switch's kind as its default shows it."""
    if isinstance(default, StrEnum):
        return "enum"
    if isinstance(default, Rank):
        return "rank"
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, str):
        return "str"
    if isinstance(default, tuple) and all(isinstance(x, str) for x in default):
        return "list"
    if isinstance(default, tuple):
        return "table"
    raise TypeError(f"unsupported switch default {default!r}")  # pragma: no cover


@attrs.frozen(kw_only=True, cache_hash=True)
class VariantBase:
    """Common part of every game's ``Variant``: its name and description, and the switches every
    game has — ``players``, ``decks`` and ``start_level`` (each game redeclares them with its own
    defaults, ranges and rulings). Subclasses add switches and may override :meth:`check` to
    refuse combinations that cannot be played.

    Build one with :func:`load_variant` (or a game's ``load_variant``): calling the class directly
    also validates (:meth:`check` runs on every construction), so no variant object exists that a
    file could not have described.
    """

    game: ClassVar[str] = ""
    name: str = "custom"
    description: str = ""
    players: int = switch(4, doc="Players at the table.", choices=(4,))
    decks: int = switch(1, doc="Standard 54-card decks shuffled together.", minimum=1, maximum=1)
    start_level: Rank = switch(Rank.TWO, doc="Both teams' level before the first round.")

    def __attrs_post_init__(self) -> None:
        # Every switch is checked and normalised (text to enum members and ranks, lists and
        # tables to tuples) however the variant was built, then the combination is checked.
        for f in switches_of(type(self)):
            sw: Switch = f.metadata["switch"]
            value = _convert(f.name, sw.plain(getattr(self, f.name)), sw, f"{self.game} variant")
            object.__setattr__(self, f.name, value)
        self.check()

    @property
    def total_cards(self) -> int:
        """Cards in play: ``decks`` standard 54-card decks."""
        return self.decks * CARD_COUNT

    def check(self) -> None:
        """Raise :class:`VariantError` naming the keys if the switches cannot be played together."""

    def switches(self) -> dict[str, object]:
        """The fully resolved switches, as plain TOML-ready values."""
        return {
            f.name: f.metadata["switch"].plain(getattr(self, f.name))
            for f in switches_of(type(self))
        }

    def to_table(self) -> dict[str, object]:
        """The variant as a TOML table: ``game``, ``name``, ``description`` and every switch with
        its value."""
        return {"game": self.game, "name": self.name, "description": self.description} | (
            self.switches()
        )

    def to_json(self) -> JSONObject:
        """The resolved table as JSON (inside a state or view document): a new object each call,
        copied from the one built the first time (every view document carries its variant, and a
        server writes one per seat per move)."""
        return _copy_json(_variant_json(self))

    def replace(self, **changes: object) -> Self:
        """A copy with some switches changed, validated like a file. Each value given is the
        switch's new value whole — a table too (where a file and ``load_variant(…,
        overrides=…)`` merge a table into the one they change: see :func:`load_variant`)."""
        table = _unfollowed(type(self), self.to_table(), changes) | changes
        return _build(type(self), table, source=f"variant {self.name!r} with overrides")


@implements("CORE-VARIANT-2")
def _unfollowed(
    cls: type[VariantBase], table: Mapping[str, Any], changes: Mapping[str, Any]
) -> dict[str, Any]:
    """``table`` without the switches that follow one ``changes`` sets and that ``changes`` does
    not set itself, where the new value calls for a value of theirs: they follow it when the
    variant is built, CORE-VARIANT-2 (A switch may follow another)."""
    fields = {f.name: f for f in switches_of(cls)}
    dropped = set()
    for name, field in fields.items():
        sw: Switch = field.metadata["switch"]
        leader = sw.follows
        if not leader or leader not in changes or name in changes:
            continue
        try:
            value = _convert(leader, changes[leader], fields[leader].metadata["switch"], "")
        except VariantError:  # the build refuses the leader, naming it
            value = None
        if value is None or sw.derive is None or sw.derive(value) is not None:
            dropped.add(name)
    return {k: v for k, v in table.items() if k not in dropped}


@lru_cache(maxsize=256)
def _variant_json(variant: VariantBase) -> JSONObject:
    """``variant``'s JSON table, built once per variant (a variant never changes); never handed
    out itself, only copies (:func:`_copy_json`)."""
    return {key: _json(value) for key, value in variant.to_table().items()}


def _copy_json(value: JSONObject) -> JSONObject:
    """A copy of a variant's JSON table, every list and table in it copied, so a caller that
    changes what it got changes nothing else."""
    return {k: _copied(v) for k, v in value.items()}


def _copied(value: JSON) -> JSON:
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    return value


def _json(value: object) -> JSON:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    raise TypeError(f"a switch value is not JSON: {value!r}")  # pragma: no cover


def read_variant(reader: Reader, key: str, cls: type[_V]) -> _V:
    """The fully resolved variant table (no ``extends``) in field ``key`` of a JSON document, of
    the game of ``cls``; refused as a :class:`~cardrules.errors.DocumentError` naming the field."""
    value = reader.raw(key)
    if not isinstance(value, Mapping):
        raise reader.bad(key, value, "a variant table is needed")
    if value.get("game") != cls.game:
        raise reader.bad(key, value.get("game"), f"a {cls.game} variant is needed")
    with reader.reading():
        variant = variant_from_table(value, source="variant")
    assert isinstance(variant, cls)
    return variant


def switches_of(cls: type[VariantBase]) -> list[attrs.Attribute[Any]]:
    """The switch fields of a game's Variant class, in declaration order."""
    return [f for f in attrs.fields(cls) if "switch" in f.metadata]


def variant_class(game: str) -> type[VariantBase]:
    """The ``Variant`` class of a game, by its name."""
    return game_named(game, key="game").variant_class


def _presets_dir(game: str) -> Traversable:
    return game_named(game, key="game").presets


def _game_names() -> tuple[str, ...]:
    """The names of every registered game: the built-in ones and the plugins'."""
    return tuple(g.name for g in all_games())


def _known_game(game: object, source: str = "") -> str:
    """``game`` if it is registered; checked before it names a module or a folder."""
    names = _game_names()
    if not isinstance(game, str) or game not in names:
        raise VariantError(
            f"unknown game {args.shown(game)}", key="game", value=game, allowed=names, source=source
        )
    return game


def list_presets(game: str | None = None) -> list[tuple[str, str]]:
    """``(game, preset name)`` for every preset of every game (or of ``game``)."""
    out = []
    for g in _game_names() if game is None else (_known_game(game),):
        for entry in sorted(_presets_dir(g).iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".toml"):
                out.append((g, entry.name[: -len(".toml")]))
    return out


#: A preset is named by a plain word, never by anything that could reach outside its folder.
_PRESET_NAME = re.compile(r"[A-Za-z0-9_-]+")


@attrs.frozen
class _Reading:
    """The state of one :func:`load_variant` call as it follows ``extends``: whether files outside
    the folder of the file naming them may be read, and the files read so far as ``(identity,
    shown)`` pairs — the identity is the resolved path, so a loop is found however it is
    spelled (``../sub/loop.toml`` from inside ``sub/``)."""

    allow_outside: bool
    chain: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> str:
        """The key that named what is read next: ``extends`` inside a file, none at the top."""
        return "extends" if self.chain else ""

    @property
    def naming(self) -> str:
        """The file that named what is read next ("" at the top)."""
        return self.chain[-1][1] if self.chain else ""

    def error(self, message: str, **details: Any) -> VariantError:
        return VariantError(message, key=self.key, source=self.naming, **details)

    def then(self, identity: str, shown: str) -> _Reading:
        """The reading after one more file, refusing a loop or one hop too many."""
        chain = (*self.chain, (identity, shown))
        if identity in (seen for seen, _ in self.chain):
            loop = " -> ".join(shown for _, shown in chain)
            raise VariantError(f"loops back: {loop}", key="extends")
        if len(chain) > MAX_EXTENDS + 1:
            raise VariantError(
                f"more than {MAX_EXTENDS} 'extends' hops from {chain[0][1]}",
                key="extends",
                source=shown,
            )
        return attrs.evolve(self, chain=chain)


def _is_path(ref: str | Path) -> bool:
    return isinstance(ref, Path) or ref.endswith(".toml") or "/" in ref


def _locate(ref: str, folder: Path | None, reading: _Reading) -> tuple[Path, str]:
    """The file a path names (relative to ``folder``, the folder of the file naming it, or to the
    working directory at the top) and its resolved identity. A file outside ``folder`` is refused
    unless ``allow_outside``: a case or variant file from elsewhere must not read any file on the
    machine (``extends = "/etc/…"``) unless the caller says it may."""
    if len(ref) > MAX_PATH_CHARS:
        raise reading.error(f"a path of at most {MAX_PATH_CHARS} characters, got {quote(ref)}")
    path = Path(ref) if folder is None else folder / ref
    try:
        resolved = path.resolve()
        inside = folder is None or resolved.is_relative_to(folder.resolve())
        found = resolved.is_file()
    except (OSError, ValueError, RuntimeError) as err:  # too long, a NUL byte, a symlink loop
        why = getattr(err, "strerror", None) or err
        raise reading.error(f"cannot read {quote(ref)} ({why})") from None
    if not inside and not reading.allow_outside:
        raise reading.error(
            f"{quote(ref)} is outside {quote(str(folder))}, the folder of the file naming it; "
            "pass allow_outside=True (--allow-outside) to read it"
        )
    if not found:
        raise reading.error(f"no variant file at {quote(str(path))}")
    return path, str(resolved)


def _preset(name: str, game: str | None, reading: _Reading) -> tuple[str, Traversable]:
    """The game and file of a preset named by a plain word."""
    if len(name) > MAX_NAME_CHARS or not _PRESET_NAME.fullmatch(name):
        raise reading.error(
            f"a preset name (at most {MAX_NAME_CHARS} letters, digits, '-' or '_') or a path "
            f"to a .toml file, got {quote(name)}"
        )
    games = (game,) if game else _game_names()
    matches = [g for g in games if (_presets_dir(g) / f"{name}.toml").is_file()]
    if not matches:
        names = [n for g, n in list_presets(game)]
        raise reading.error(
            f"no preset named {quote(name)}{did_you_mean(name, names)}", value=name, allowed=names
        )
    if len(matches) > 1:
        raise reading.error(f"preset {quote(name)} exists for several games; say which")
    return matches[0], _presets_dir(matches[0]) / f"{name}.toml"


def _raw_table(
    ref: str | Path, game: str | None, folder: Path | None, reading: _Reading
) -> tuple[dict[str, Any], str]:
    """Read a preset or file and merge its ``extends`` chain; returns the table and its game."""
    ref_text = str(ref)
    path: Path | None = None
    if _is_path(ref):
        path, identity = _locate(ref_text, folder, reading)
        source = str(path)
        file: Traversable = path
    else:
        found_game, file = _preset(ref_text, game, reading)
        identity = source = f"preset {found_game}/{ref_text}"
    reading = reading.then(identity, source)
    table = read_toml(file, lambda why: VariantError(why, source=source))
    if "game" not in table:
        raise VariantError(
            "every variant file names its game", key="game", allowed=_game_names(), source=source
        )
    file_game = _known_game(table["game"], source)
    if game is not None and file_game != game:
        raise VariantError(
            f"this is a {file_game} variant, a {game} one is needed", key="game", source=source
        )
    if path is not None and "name" not in table:
        # A house-rule file is never taken for the preset it extends: unnamed, it is its file.
        table["name"] = path.stem[:MAX_NAME_CHARS]
    parent = table.get("extends")
    if parent is None:
        if "replace" in table:
            raise VariantError(
                "names tables to replace, but this file extends no variant whose tables it "
                "could replace",
                key="replace",
                source=source,
            )
        return table, file_game
    if not isinstance(parent, str):
        raise VariantError("must be a preset name or a path", key="extends", source=source)
    parent_table, _ = _raw_table(parent, file_game, path.parent if path else None, reading)
    changes = {k: v for k, v in table.items() if k != "extends"}
    merged = _merge(
        variant_class(file_game),
        parent_table,
        changes,
        source=source,
        extended=str(parent_table.get("name", parent)),
    )
    merged.setdefault("description", "")
    if "description" not in table:
        merged["description"] = f"{parent_table.get('name', parent)} with changes"
    return merged, file_game


@implements("CORE-VARIANT-1")
def _merge(
    cls: type[VariantBase],
    parent: Mapping[str, Any],
    changes: Mapping[str, Any],
    *,
    source: str,
    extended: str,
) -> dict[str, Any]:
    """The table of a variant ``changes`` makes of ``parent`` (a file over the table it
    extends, or ``overrides`` over a variant), CORE-VARIANT-1 (A file changes a table entry by
    entry): a switch that is not a table is replaced; a table switch declared ``merge="keys"``
    keeps the entries ``changes`` does not name, and one declared ``merge="whole"`` must name
    every entry of ``parent``'s (it may add some); a table listed in ``changes["replace"]`` is
    replaced whole. A table missing from ``parent`` is the switch's default. Refusals name the
    key and the entries at stake; ``source`` names the changes, ``extended`` the variant they
    change."""
    switches = {f.name: (f.metadata["switch"], f.default) for f in switches_of(cls)}
    replacing = _replacing(changes, switches, source)
    merged = _unfollowed(cls, parent, changes)  # the followers follow the change
    for key, value in changes.items():
        if key == "replace":
            continue
        declared = switches.get(key)
        if declared is None or key in replacing or not isinstance(value, Mapping):
            merged[key] = value
            continue
        sw, default = declared
        if sw.kind not in _TABLES:
            merged[key] = value
            continue
        old = parent.get(key, sw.plain(default))
        if not isinstance(old, Mapping):  # the parent is refused for it when it is built
            merged[key] = value
            continue
        where = f"the table of {quote(extended)}" if extended else "the table it changes"
        if sw.merge == "keys" and not value and old:
            raise VariantError(
                f"an empty table changes nothing: its entries are merged into {where}, which "
                f'keeps {_keys(old)}; write replace = ["{key}"] to empty it',
                key=key,
                source=source,
            )
        dropped = [k for k in old if k not in value]
        if sw.merge == "whole" and dropped:
            raise VariantError(
                f"would drop {_keys(dropped)} of {where}: list every entry of it, or write "
                f'replace = ["{key}"] to replace it whole',
                key=key,
                value=dict(value),
                source=source,
            )
        merged[key] = dict(old) | dict(value)
    return merged


def _keys(keys: Any) -> str:
    """Table keys for a message, quoted, at most a few of them."""
    shown = [quote(k) for k in list(keys)[:8]]
    return ", ".join(shown) + (" …" if len(keys) > 8 else "")


def _replacing(
    changes: Mapping[str, Any], switches: Mapping[str, tuple[Switch, Any]], source: str
) -> frozenset[str]:
    """The tables ``changes`` replaces whole (its ``replace``): table switches it also sets."""
    value = changes.get("replace", [])
    tables = [name for name, (sw, _) in switches.items() if sw.kind in _TABLES]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise VariantError(
            f"a list of the tables to replace whole, got {quote(value)}",
            key="replace",
            value=value,
            allowed=tables,
            source=source,
        )
    for name in value:
        if name not in tables:
            raise VariantError(
                f"{quote(name)} is not a table switch{did_you_mean(name, tables)}",
                key="replace",
                value=name,
                allowed=tables,
                source=source,
            )
        if name not in changes:
            raise VariantError(
                f"names {quote(name)}, which is not set next to it: replace whole only a "
                "table you give",
                key="replace",
                value=name,
                source=source,
            )
    return frozenset(value)


def load_variant(
    ref: str | Path | VariantBase,
    *,
    game: str | None = None,
    overrides: Mapping[str, object] | None = None,
    base: Path | None = None,
    allow_outside: bool = False,
) -> VariantBase:
    """Load a variant from a preset name or a TOML path, resolve ``extends``, apply ``overrides``,
    and validate; anything wrong is a :class:`VariantError` naming the file and the key.

    ``base`` is the folder of the file that names ``ref`` (a case file's position): a relative
    path is read from there. A file named in a file — ``extends``, or ``ref`` when ``base`` is
    given — must lie in that file's folder or below it (after resolving ``..`` and symbolic
    links), unless ``allow_outside`` is true: a file from elsewhere cannot make us read any file
    on the machine. ``ref`` itself, without ``base``, is the caller's choice and may be anywhere.
    Files are read within the limits of :mod:`cardrules.limits`, ``extends`` at most
    :data:`~cardrules.limits.MAX_EXTENDS` hops deep.

    A file changes the variant it extends, and ``overrides`` the variant ``ref`` names, in the
    same way: a switch set is replaced, and a table switch set is merged entry by entry into the
    table it changes (四幺四's ``multipliers`` and ``score_table``, Shengji's ``point_values``)
    or must list every entry of it (Shengji's ``level_bands``, one ladder), else it is refused
    naming the entries it would drop; ``replace = ["TABLE", …]`` (a key of the file, or of
    ``overrides``) replaces those tables whole. A file without ``name`` is named after its
    file's stem, never after the preset it extends."""
    if game is not None:
        _known_game(game)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise VariantError(f"overrides are a table of switches, got {args.shown(overrides)}")
    if base is not None and not isinstance(base, str | Path):
        raise ArgumentError(f"a folder's path or None, got {args.shown(base)}", key="base")
    args.flag(allow_outside, "allow_outside")
    if isinstance(ref, VariantBase):
        if game is not None and ref.game != game:
            raise VariantError(f"this is a {ref.game} variant, a {game} one is needed", key="game")
        if not overrides:
            return ref
        source = f"variant {quote(ref.name)} with overrides"
        table = _overridden(type(ref), ref.to_table(), overrides, source)
        return _build(type(ref), table, source)
    if not isinstance(ref, str | Path):
        raise VariantError(f"a preset name or a path to a variant file, got {args.shown(ref)}")
    if isinstance(ref, str) and not overrides and base is None and not _is_path(ref):
        return _cached_preset(ref, game)
    table, file_game = _raw_table(ref, game, base, _Reading(allow_outside))
    source = f"variant {ref}"
    cls = variant_class(file_game)
    if overrides:
        table = _overridden(cls, table, overrides, source)
    return _build(cls, table, source)


def _cached_preset(name: str, game: str | None) -> VariantBase:
    """A preset read once per game that ships it (presets are files of the game's package and
    a ``Variant`` never changes): a loop that loads the variant for every round does not read and
    validate its file every time. A preset is read again if its game was registered anew since
    (another presets folder); a name that is refused is not remembered."""
    found = _PRESETS.get((name, game))
    if found is not None and game_named(found[0].game).presets is found[1]:
        return found[0]
    table, file_game = _raw_table(name, game, None, _Reading(False))
    variant = _build(variant_class(file_game), table, f"variant {name}")
    if len(_PRESETS) >= _MAX_CACHED_PRESETS:
        _PRESETS.clear()
    _PRESETS[name, game] = (variant, game_named(file_game).presets)
    return variant


#: The presets read so far, by ``(name, game asked for)``, with the presets folder they came from.
_PRESETS: dict[tuple[str, str | None], tuple[VariantBase, object]] = {}
_MAX_CACHED_PRESETS = 256


def _overridden(
    cls: type[VariantBase], table: Mapping[str, Any], overrides: Mapping[str, object], source: str
) -> dict[str, Any]:
    """``overrides`` over a variant's table, as a file extending it would be read: tables
    merged or refused as they declare, those in ``overrides["replace"]`` replaced whole."""
    for key in overrides:
        if key in _RESERVED and key != "replace":
            raise VariantError("cannot be overridden", key=key, source=source)
    return _merge(cls, table, overrides, source=source, extended=str(table.get("name", "")))


def variant_from_table(table: Mapping[str, Any], *, source: str = "variant table") -> VariantBase:
    """A variant from a complete, already merged table (as :meth:`VariantBase.to_table` writes it,
    e.g. inside a saved state); no ``extends``. Every switch left out takes its default."""
    if not isinstance(table, Mapping):
        raise VariantError(f"a variant is a table, got {quote(table)}", source=source)
    game = _known_game(table.get("game"), source)
    for key in ("extends", "replace"):
        if key in table:
            raise VariantError(f"a resolved table has no {quote(key)}", key=key, source=source)
    return _build(variant_class(game), table, source)


_V = TypeVar("_V", bound=VariantBase)


def variant_of(cls: type[_V], variant: object) -> _V:
    """``variant`` when it is a ``cls``, else the preset of ``cls``'s game it names: what a
    game's constructors (``State.new``, ``Match.new``) accept as their variant. Anything else is
    a :class:`~cardrules.errors.PositionError` naming the key ``variant``."""
    if isinstance(variant, cls):
        return variant
    if not isinstance(variant, str):
        raise PositionError(f"a variant or a preset name, got {quote(variant)}", key="variant")
    loaded = load_variant(variant, game=cls.game)
    assert isinstance(loaded, cls)
    return loaded


def _build(cls: type[_V], table: Mapping[str, Any], source: str) -> _V:
    fields = {f.name: f for f in switches_of(cls)}
    values: dict[str, Any] = {}
    for key, value in table.items():
        if not isinstance(key, str):
            raise VariantError(f"a switch name is a string, got {quote(key)}", source=source)
        if key in ("game", "extends"):
            continue
        if key == "replace":
            raise VariantError(
                "names tables a file or overrides replace whole in the variant they change; "
                "a variant's own table has none",
                key=key,
                source=source,
            )
        if key in ("name", "description"):
            if not isinstance(value, str):
                raise VariantError("must be a string", key=key, value=value, source=source)
            values[key] = value
            continue
        field = fields.get(key)
        if field is None:
            raise VariantError(
                f"unknown switch {quote(key)} for {cls.game}{did_you_mean(key, fields)}",
                key=key,
                allowed=tuple(fields),
                source=source,
            )
        values[key] = _convert(key, value, field.metadata["switch"], source)
    for name, field in fields.items():
        sw: Switch = field.metadata["switch"]
        if sw.derive is not None and name not in values:
            derived = sw.derive(values.get(sw.follows, fields[sw.follows].default))
            if derived is not None:
                values[name] = derived
    try:
        return cls(**values)
    except VariantError as err:
        if err.source and err.source != f"{cls.game} variant":
            raise
        raise VariantError(
            err.detail, key=err.key, value=err.value, allowed=err.allowed, source=source
        ) from None


def _convert(key: str, value: object, sw: Switch, source: str) -> object:
    def bad(why: str) -> VariantError:
        return VariantError(
            f"got {quote(value)}: {why}",
            key=key,
            value=value,
            allowed=sw.allowed(),
            source=source,
        )

    if sw.kind in ("enum", "rank"):
        if isinstance(value, str):
            for choice in sw.choices:
                if sw.plain(choice) == value:
                    return choice
        words = [str(sw.plain(c)) for c in sw.choices]
        if not isinstance(value, str):
            raise bad("must be a string")
        raise bad(f"not an allowed value{did_you_mean(value, words)}")
    if sw.kind == "bool":
        if not isinstance(value, bool):
            raise bad("must be true or false")
        return value
    if sw.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("must be an integer")
        if (sw.minimum is not None and value < sw.minimum) or (
            sw.maximum is not None and value > sw.maximum
        ):
            raise bad("out of range")
        if sw.choices and value not in sw.choices:
            raise bad("not an allowed value")
        return value
    if sw.kind == "str":
        if not isinstance(value, str):
            raise bad("must be a string")
        if sw.choices and value not in sw.choices:
            raise bad(f"not an allowed value{did_you_mean(value, [str(c) for c in sw.choices])}")
        return value
    if sw.kind == "list":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad("must be a list of strings")
        for item in value:
            if sw.choices and item not in sw.choices:
                raise bad(f"item {quote(item)} is not allowed")
        return tuple(value)
    # table or pairs
    if not isinstance(value, dict):
        raise bad("must be a table")
    items: list[tuple[str, object]] = []
    for k, v in value.items():
        if sw.keys and k not in sw.keys:
            raise bad(f"unknown key {quote(k)} in the table")
        if sw.kind == "pairs":
            if not isinstance(v, list | tuple) or len(v) != 2 or not all(_is_int(x) for x in v):
                raise bad(f"entry {quote(k)} must be two integers, e.g. [8, -4]")
            if not all(_within(sw, x) for x in v):
                raise bad(f"entry {quote(k)} is out of range")
            items.append((k, (v[0], v[1])))
            continue
        if not _is_int(v):
            raise bad(f"entry {quote(k)} must be an integer")
        if not _within(sw, v):
            raise bad(f"entry {quote(k)} is out of range")
        items.append((k, v))
    return tuple(items)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(sw: Switch, value: int) -> bool:
    """Whether a table entry lies within the switch's ``minimum`` … ``maximum``."""
    return (sw.minimum is None or value >= sw.minimum) and (
        sw.maximum is None or value <= sw.maximum
    )


def variant_diff(a: VariantBase, b: VariantBase) -> list[tuple[str, object, object]]:
    """``(key, value in a, value in b)`` for every switch that differs."""
    args.instance(a, VariantBase, "a", what="a variant")
    args.instance(b, VariantBase, "b", what="a variant")
    if a.game != b.game:
        return [("game", a.game, b.game)]
    sa, sb = a.switches(), b.switches()
    return [(k, sa[k], sb[k]) for k in sa if sa[k] != sb[k]]


#: What a file that sets a table switch does to the table it extends, by the switch's ``merge``.
_MERGE_NOTES = {
    "keys": "A file's entries are merged into the table it extends (replace = [...] to replace "
    "it whole).",
    "whole": "A file that sets it lists every entry of the table it extends (replace = [...] to "
    "replace it whole).",
}


def switch_comments(
    cls: type[VariantBase], titles: Mapping[str, str] | None = None
) -> dict[str, str]:
    """For each switch, a comment for people editing a variant file: what it means, the values
    it accepts, the default, how a table meets the one it extends, and the clauses of the spec
    that say what it does — each id with its title from ``titles`` (by default the titles of the
    spec shipped with the package; ``cardrules explain ID`` prints the clause and the evidence it
    rests on)."""
    if titles is None:
        titles = {cid: clause.title for cid, clause in clause_index().items()}
    out = {}
    for f in switches_of(cls):
        sw: Switch = f.metadata["switch"]
        default = sw.plain(f.default)
        tabular = sw.kind in _TABLES
        parts = [sw.doc, f"Allowed: {sw.allowed()}."]
        if not tabular:
            parts.append(f"Default {toml_value(default)}.")
        if sw.follows:
            parts.append(
                f"Left out, or when a file changes {sw.follows} and not it, it follows "
                f"{sw.follows}; a contradicting pair is refused."
            )
        if sw.merge:
            parts.append(_MERGE_NOTES[sw.merge])
        if sw.clauses:
            cited = [f"{c} ({titles[c]})" if c in titles else c for c in sw.clauses]
            parts.append(f"Spec: {', '.join(cited)}.")
        out[f.name] = " ".join(parts)
    return out


def dump_toml(
    table: Mapping[str, object], comments: Mapping[str, str] | None = None, *, within: str = ""
) -> str:
    """Write a flat variant table (scalars, lists of strings, one level of sub-tables) as TOML,
    with an optional comment line above each key; ``within`` names the table it is written
    inside (its sub-tables become ``[within.key]``)."""
    comments = comments or {}
    lines: list[str] = []
    subtables: list[tuple[str, Mapping[str, object]]] = []
    for key, value in table.items():
        if isinstance(value, Mapping):
            subtables.append((key, value))
            continue
        if key in comments:
            lines.append(f"# {comments[key]}")
        lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, sub in subtables:
        lines.append("")
        if key in comments:
            lines.append(f"# {comments[key]}")
        lines.append(f"[{within + '.' if within else ''}{_toml_key(key)}]")
        lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in sub.items())
    return "\n".join(lines) + "\n"


def _toml_key(key: str) -> str:
    return (
        key
        if key.replace("_", "").replace("-", "").isalnum() and key.isascii()
        else _toml_value(key)
    )


#: TOML basic-string escapes: the quote, the backslash and every control character (U+0000 to
#: U+001F and U+007F), with the short forms where TOML has one.
_TOML_ESCAPES = {c: f"\\u{c:04X}" for c in (*range(0x20), 0x7F)} | {
    ord('"'): '\\"',
    ord("\\"): "\\\\",
    ord("\b"): "\\b",
    ord("\t"): "\\t",
    ord("\n"): "\\n",
    ord("\f"): "\\f",
    ord("\r"): "\\r",
}


def toml_value(value: object) -> str:
    """One value as TOML writes it: ``true``, ``3``, ``"dealer"`` (escaped), ``["J", "A"]``, and a
    table as an inline table, ``{4a4 = 5, bomb = 2}``: what ``variant diff`` prints."""
    return _toml_value(value)


def _toml_value(value: object) -> str:
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f'"{value.translate(_TOML_ESCAPES)}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")
