"""四幺四 (4A4): combinations, the beats relation, and the play phase as an immutable state.

>>> from cardrules.siyaosi import State, Move
>>> state = State.new("one-deck", seed=7)
>>> move = next(iter(state.legal_moves()))
>>> state.apply(move).hand_sizes != state.hand_sizes
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cardrules.siyaosi.combos import COMBINATION_NAMES, Combination, Table, beats, classify
from cardrules.siyaosi.state import (
    KINDS,
    Move,
    Played,
    RoundResult,
    State,
    Top,
    View,
    random_move,
    round_result,
)
from cardrules.siyaosi.variant import Variant
from cardrules.variant import load_variant as _load_variant

__all__ = [
    "COMBINATION_NAMES",
    "KINDS",
    "Combination",
    "Move",
    "Played",
    "RoundResult",
    "State",
    "Table",
    "Top",
    "Variant",
    "View",
    "beats",
    "classify",
    "load_variant",
    "random_move",
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
