"""四副升级 (four-deck Shengji): card order, combinations, following, the play phase and the
whole match.

The same API shape as :mod:`cardrules.siyaosi`: :func:`classify`, :func:`beats`, :class:`State`,
:class:`Move`, :class:`View`, :class:`Variant`, :func:`load_variant`; a state's
``legal_moves()``, ``explain``, ``is_legal``, ``apply``/``step``, ``view`` and
``to_json``/``from_json``. :class:`Match` is a whole match — the deal with bidding, the kitty,
frying, the play and the levels — behind the same protocol.

>>> state = State.new(load_variant(), seed=7, trump="H", banker=0)
>>> state.hand_sizes, len(state.kitty)
((52, 52, 52, 52), 8)
>>> match = Match.new(load_variant(), seed=7)
>>> match.phase, match.hand_sizes, match.turn
(<Phase.DEAL: 'deal'>, (0, 0, 0, 1), 3)
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path

from cardrules.bots import RandomBot
from cardrules.registry import GameEntry, register
from cardrules.shengji.adapter import ADAPTER
from cardrules.shengji.bids import Bid
from cardrules.shengji.bots import EasyBot, HardBot, HeuristicBot
from cardrules.shengji.bounds import record_bounds
from cardrules.shengji.calls import (
    beats,
    cheapest_follow,
    classify,
    count_follows,
    explain_follow,
    iter_follows,
    matches_structure,
    random_follow,
    resolve_throw,
    settle,
    trump_context,
)
from cardrules.shengji.codes import CODES
from cardrules.shengji.combos import Combination, CombinationName, Piece
from cardrules.shengji.events import EVENTS, events_from_json, events_to_json
from cardrules.shengji.expert import ExpertBot
from cardrules.shengji.keys import POSITION_KEYS
from cardrules.shengji.levels import Settlement
from cardrules.shengji.match import Match
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.match.record import MatchStanding
from cardrules.shengji.match.view import MatchView
from cardrules.shengji.moves import NAMING, Move, MoveKind, Top, make_move
from cardrules.shengji.order import TRUMP, Table
from cardrules.shengji.result import RoundResult
from cardrules.shengji.schema import schemas
from cardrules.shengji.scoring import KittyBonus
from cardrules.shengji.state import State
from cardrules.shengji.stats import Duel, Tally
from cardrules.shengji.throws import ThrowOutcome
from cardrules.shengji.variant import (
    KittyMultiplier,
    MatchScore,
    NextBanker,
    NoBidFirstRound,
    OffSuitOrder,
    TractorLanes,
    Variant,
)
from cardrules.shengji.view import View
from cardrules.variant import VariantBase
from cardrules.variant import load_variant as _load_variant

__all__ = [
    "CODES",
    "EVENTS",
    "NAMING",
    "TRUMP",
    "Bid",
    "Combination",
    "CombinationName",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "HeuristicBot",
    "KittyBonus",
    "KittyMultiplier",
    "Match",
    "MatchScore",
    "MatchStanding",
    "MatchView",
    "Move",
    "MoveKind",
    "NextBanker",
    "NoBidFirstRound",
    "OffSuitOrder",
    "Phase",
    "Piece",
    "RoundResult",
    "Settlement",
    "State",
    "Table",
    "ThrowOutcome",
    "Top",
    "TractorLanes",
    "Variant",
    "View",
    "beats",
    "cheapest_follow",
    "classify",
    "count_follows",
    "events_from_json",
    "events_to_json",
    "explain_follow",
    "iter_follows",
    "load_variant",
    "matches_structure",
    "random_follow",
    "resolve_throw",
    "settle",
    "trump_context",
]


def load_variant(
    ref: str | Path | Variant = "four-deck",
    *,
    overrides: Mapping[str, object] | None = None,
    base: Path | None = None,
) -> Variant:
    """A Shengji variant from a preset name (default ``four-deck``) or a TOML path, with
    ``overrides`` applied and validated."""
    variant = _load_variant(ref, game="shengji", overrides=overrides, base=base)
    assert isinstance(variant, Variant)
    return variant


#: The names issue 20 renamed, importable from here for one release with a
#: ``DeprecationWarning``: the old name, the new one and what it names.
_DEPRECATED: dict[str, tuple[str, object]] = {
    "TrumpContext": ("Table", Table),
    "play_move": ("make_move", make_move),
}


def __getattr__(name: str) -> object:
    """The deprecated aliases of :data:`_DEPRECATED`: ``TrumpContext`` is now :class:`Table`,
    ``play_move`` now :func:`~cardrules.shengji.moves.make_move`."""
    if name in _DEPRECATED:
        new, value = _DEPRECATED[name]
        warnings.warn(
            f"cardrules.shengji.{name} is deprecated; use {new}", DeprecationWarning, stacklevel=2
        )
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _new(variant: VariantBase, seed: int) -> State:
    """A round dealt from ``seed``, banker at seat 0, no trump suit (the play phase alone has no
    bidding to choose them)."""
    assert isinstance(variant, Variant)
    return State.new(variant, seed=seed)


def _new_match(variant: VariantBase, seed: int) -> Match:
    """A whole match dealt from ``seed``."""
    assert isinstance(variant, Variant)
    return Match.new(variant, seed=seed)


register(
    GameEntry(
        name="shengji",
        title="四副升级 (four-deck Shengji)",
        variant_class=Variant,
        presets=files(__name__) / "presets",
        adapter=ADAPTER,
        new=_new,
        from_position=ADAPTER.start,
        from_json=State.from_json,
        events=EVENTS,
        match_from_json=Match.from_json,
        bots={
            "random": RandomBot,
            "easy": EasyBot,
            "hard": HardBot,
            "heuristic": HardBot,
            "expert": ExpertBot,
        },
        tally=Tally,
        duel=Duel,
        position_keys=POSITION_KEYS,
        new_match=_new_match,
        schema_builder=schemas,
        record_bounds=record_bounds,
    )
)
