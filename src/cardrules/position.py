"""The ``[position]`` table of the case-file contract, loaded and checked once for both games.

A position describes a moment at the start of a trick (or of a phase). This loader reads every key
the contract names, refuses unknown keys and anything that cannot exist (a card more often than the
decks hold, a seat out of range, a level that is not a rank) with an error naming the key, and
leaves the game to build its state from it (``cardrules.<game>.State.from_position``).

A game may own further keys (a match's phase needs more than the contract names): it lists them
in its registry entry (``position_keys``), the loader accepts them for that game only and keeps
their values, as read from the file, in :attr:`Position.extra` for the game to check.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from cardrules import args
from cardrules.cards import Rank, Suit
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    ImpossibleCardsError,
    PositionError,
    did_you_mean,
)
from cardrules.limits import MAX_NAME_CHARS, quote
from cardrules.multiset import Cards
from cardrules.registry import all_games, game_named
from cardrules.textio import is_int
from cardrules.variant import VariantBase, load_variant

__all__ = ["POSITION_KEYS", "Position", "load_position"]

#: The keys of a ``[position]`` table the contract names (a game may add its own).
POSITION_KEYS = (
    "game", "variant", "overrides", "hands", "levels", "ruling", "trump", "banker", "kitty",
    "points", "leader", "phase", "out",
)  # fmt: skip


@attrs.frozen(kw_only=True)
class Position:
    """A checked position. ``given`` holds the keys the table actually had, so a game can refuse a
    key that means nothing to it (``trump`` in 四幺四) or ask for one it needs."""

    game: str
    variant: VariantBase
    hands: tuple[Cards, ...] = ()
    levels: tuple[Rank, ...] = ()
    ruling: int | None = None
    trump: Suit | None = None
    banker: int | None = None
    kitty: Cards = attrs.field(factory=Cards)
    points: tuple[int, ...] = ()
    leader: int | None = None
    phase: str = "play"
    out: tuple[int, ...] = ()
    #: The game's own keys (its registry entry's ``position_keys``), unchecked: the game reads
    #: them.
    extra: Mapping[str, object] = attrs.field(factory=dict)
    given: frozenset[str] = frozenset()

    @property
    def players(self) -> int:
        """The number of seats of the position's variant."""
        players: int = getattr(self.variant, "players", 4)
        return players

    @property
    def decks(self) -> int:
        """The number of decks of the position's variant."""
        decks: int = getattr(self.variant, "decks", 1)
        return decks

    def refuse(self, *keys: str) -> None:
        """Raise if any of ``keys`` was given: the game has no use for them."""
        for key in keys:
            if key in self.given:
                raise PositionError(f"means nothing in {self.game}", key=key)

    def require(self, *keys: str) -> None:
        """Refuse the position with a :class:`~cardrules.errors.PositionError` naming the first of
        ``keys`` it does not give."""
        for key in keys:
            if key not in self.given:
                raise PositionError(f"a {self.game} position needs it here", key=key)


def load_position(
    table: Mapping[str, Any], *, base: Path | None = None, allow_outside: bool = False
) -> Position:
    """Check a ``[position]`` table and load its variant. ``base`` is the folder of the file the
    table comes from: a variant path is read relative to it and, unless ``allow_outside``, must
    lie inside it (see :func:`~cardrules.variant.load_variant`). Integers must be integers
    (``1.0`` and ``true`` are refused) and every refusal is a :class:`PositionError` naming the
    key."""
    if not isinstance(table, Mapping):
        raise PositionError(f"a position is a table, got {args.shown(table)}")
    if base is not None and not isinstance(base, str | Path):
        raise ArgumentError(f"a folder's path or None, got {args.shown(base)}", key="base")
    args.flag(allow_outside, "allow_outside")
    game = table.get("game")
    names = tuple(g.name for g in all_games())
    if not isinstance(game, str) or game not in names:
        raise PositionError(
            f"must be one of {', '.join(names)}, got {args.shown(game)}", key="game"
        )
    own = game_named(game).position_keys
    for key in table:
        if key not in POSITION_KEYS and key not in own:
            allowed = (*POSITION_KEYS, *sorted(own))
            raise PositionError(f"unknown key{did_you_mean(key, allowed)}", key=key)
    ref = table.get("variant")
    if not isinstance(ref, str):
        raise PositionError("a preset name or a path to a variant TOML file", key="variant")
    overrides = table.get("overrides", {})
    if not isinstance(overrides, dict):
        raise PositionError("must be a table of switches", key="overrides")
    try:
        variant = load_variant(
            ref, game=game, overrides=overrides, base=base, allow_outside=allow_outside
        )
    except CardrulesError as err:
        raise PositionError(str(err), key="overrides" if overrides else "variant") from None
    players: int = getattr(variant, "players", 4)
    decks: int = getattr(variant, "decks", 1)
    out: dict[str, Any] = {
        "game": game,
        "variant": variant,
        "given": frozenset(table),
        "extra": {k: v for k, v in table.items() if k in own},
    }

    def seat(key: str, value: object) -> int:
        if not is_int(value) or not 0 <= value < players:
            raise PositionError(f"a seat 0..{players - 1}, got {quote(value)}", key=key)
        return value

    def cards(key: str, value: object) -> Cards:
        if not isinstance(value, str):
            raise PositionError(f"a card group as text, got {quote(value)}", key=key)
        try:
            return Cards.parse(value)
        except CardrulesError as err:
            raise PositionError(str(err), key=key) from None

    def int_list(key: str, value: object, length: int | None) -> tuple[int, ...]:
        if not isinstance(value, list) or not all(is_int(v) for v in value):
            raise PositionError(f"a list of integers, got {quote(value)}", key=key)
        if length is not None and len(value) != length:
            raise PositionError(f"needs {length} entries, got {len(value)}", key=key)
        return tuple(value)

    if "hands" in table:
        hands = table["hands"]
        if not isinstance(hands, list) or len(hands) != players:
            raise PositionError(f"one card group per seat ({players} seats)", key="hands")
        out["hands"] = tuple(cards(f"hands[{i}]", h) for i, h in enumerate(hands))
    if "kitty" in table:
        out["kitty"] = cards("kitty", table["kitty"])
    total = sum(out.get("hands", ()), Cards()) + out.get("kitty", Cards())
    try:
        total.check_within(decks)
    except ImpossibleCardsError as err:
        raise PositionError(str(err), key="hands") from None
    if "levels" in table:
        levels = table["levels"]
        if not isinstance(levels, list) or len(levels) != 2:
            raise PositionError('one level rank per team, e.g. ["2", "5"]', key="levels")
        parsed = []
        for level in levels:
            try:
                rank = Rank.parse(str(level)) if is_int(level) or isinstance(level, str) else None
            except CardrulesError:
                rank = None
            if rank is None or rank.is_joker:
                raise PositionError(f"{quote(level)} is not a level rank (2 … A)", key="levels")
            parsed.append(rank)
        out["levels"] = tuple(parsed)
    if "ruling" in table:
        ruling = table["ruling"]
        if not is_int(ruling) or ruling not in (0, 1):
            raise PositionError(f"the ruling team, 0 or 1, got {quote(ruling)}", key="ruling")
        out["ruling"] = ruling
    if "trump" in table:
        out["trump"] = _trump(table["trump"])
    for key in ("banker", "leader"):
        if key in table:
            out[key] = seat(key, table[key])
    if "points" in table:
        out["points"] = int_list("points", table["points"], 2)
    if "phase" in table:
        phase = table["phase"]
        if not isinstance(phase, str) or not _NAME.fullmatch(phase) or len(phase) > MAX_NAME_CHARS:
            raise PositionError(f"a phase name, got {quote(phase)}", key="phase")
        out["phase"] = phase
    if "out" in table:
        seats = int_list("out", table["out"], None)
        for s in seats:
            seat("out", s)
        if len(set(seats)) != len(seats):
            raise PositionError("a seat is listed twice", key="out")
        for s in seats:
            if "hands" in out and out["hands"][s]:
                raise PositionError(f"seat {s} is out but its hand is not empty", key="out")
        out["out"] = seats
    return Position(**out)


#: A phase is named by a plain word (the games compare it with their own names).
_NAME = re.compile(r"[A-Za-z0-9_-]+")


def _trump(value: object) -> Suit | None:
    """A trump suit in ASCII notation or a suit symbol, or ``none`` (any case) for no trump."""
    if isinstance(value, str):
        if value.isascii() and value.strip().lower() == "none":
            return None
        try:
            return Suit.parse(value)
        except CardrulesError:
            pass
    raise PositionError(f"'S', 'H', 'C', 'D' or 'none', got {quote(value)}", key="trump")
