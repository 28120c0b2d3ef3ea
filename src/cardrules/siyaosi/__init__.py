"""四幺四 (4A4): combinations, the beats relation, and the play phase as an immutable state.

>>> from cardrules.siyaosi import State, Move
>>> state = State.new("one-deck", seed=7)
>>> move = next(iter(state.legal_moves()))
>>> state.apply(move).hand_sizes != state.hand_sizes
True
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path

from cardrules.bots import RandomBot
from cardrules.game import GameState
from cardrules.position import Position
from cardrules.registry import GameEntry, register
from cardrules.siyaosi.adapter import ADAPTER
from cardrules.siyaosi.bots import EasyBot, HardBot, HeuristicBot
from cardrules.siyaosi.bounds import record_bounds
from cardrules.siyaosi.calls import beats, classify
from cardrules.siyaosi.codes import CODES
from cardrules.siyaosi.combos import COMBINATION_NAMES, Combination, CombinationName
from cardrules.siyaosi.events import EVENTS, events_from_json, events_to_json
from cardrules.siyaosi.expert import ExpertBot
from cardrules.siyaosi.keys import POSITION_KEYS
from cardrules.siyaosi.match.phases import Phase
from cardrules.siyaosi.match.position import is_match_position
from cardrules.siyaosi.match.record import MatchResult
from cardrules.siyaosi.match.state import Match
from cardrules.siyaosi.match.view import MatchView
from cardrules.siyaosi.moves import Move, MoveKind, Top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import Outcome, RoundResult, round_result
from cardrules.siyaosi.schema import schemas
from cardrules.siyaosi.state import State
from cardrules.siyaosi.stats import Duel, Tally
from cardrules.siyaosi.tribute import Dues, Exchange, Step
from cardrules.siyaosi.variant import (
    BombVsStraight,
    Cha,
    FirstLeader,
    FirstRuling,
    LevelPromotion,
    MultiplierMode,
    Pairing,
    Rebellion,
    Rise,
    StraightFloor,
    TributeLeader,
    TributePayers,
    Variant,
    Victory,
)
from cardrules.siyaosi.view import View
from cardrules.variant import VariantBase
from cardrules.variant import load_variant as _load_variant

__all__ = [
    "CODES",
    "COMBINATION_NAMES",
    "EVENTS",
    "BombVsStraight",
    "Cha",
    "Combination",
    "CombinationName",
    "Dues",
    "EasyBot",
    "Exchange",
    "ExpertBot",
    "FirstLeader",
    "FirstRuling",
    "HardBot",
    "HeuristicBot",
    "LevelPromotion",
    "Match",
    "MatchResult",
    "MatchView",
    "Move",
    "MoveKind",
    "MultiplierMode",
    "Outcome",
    "Pairing",
    "Phase",
    "Rebellion",
    "Rise",
    "RoundResult",
    "State",
    "Step",
    "StraightFloor",
    "Table",
    "Top",
    "TributeLeader",
    "TributePayers",
    "Variant",
    "Victory",
    "View",
    "beats",
    "classify",
    "events_from_json",
    "events_to_json",
    "load_variant",
    "round_result",
]


def load_variant(
    ref: str | Path | Variant = "classic",
    *,
    overrides: Mapping[str, object] | None = None,
    base: Path | None = None,
) -> Variant:
    """A 四幺四 variant from a preset name (``classic``, ``one-deck``) or a TOML path."""
    variant = _load_variant(ref, game="siyaosi", overrides=overrides, base=base)
    assert isinstance(variant, Variant)
    return variant


def _new(variant: VariantBase, seed: int) -> State:
    assert isinstance(variant, Variant)
    return State.new(variant, seed=seed)


def _new_match(variant: VariantBase, seed: int) -> Match:
    assert isinstance(variant, Variant)
    return Match.new(variant, seed=seed)


def _from_position(position: Position) -> GameState[Move]:
    """A match for a position in its tribute phase or naming a match key, else a round's play
    state, 4A4-MATCH-3 (Match positions and records)."""
    if is_match_position(position):
        return Match.from_position(position)
    return State.from_position(position)


register(
    GameEntry(
        name="siyaosi",
        title="四幺四 (4A4)",
        variant_class=Variant,
        presets=files(__name__) / "presets",
        adapter=ADAPTER,
        new=_new,
        from_position=_from_position,
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
