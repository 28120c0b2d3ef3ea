"""四副升级 (four-deck Shengji): card order, combinations, following, and the play phase.

The same API shape as :mod:`cardrules.siyaosi`: :func:`classify`, :func:`beats`, :class:`State`,
:class:`Move`, :class:`View`, :class:`Variant`, :func:`load_variant`; a state's
``legal_moves()``, ``explain``, ``is_legal``, ``apply``/``step``, ``view`` and
``to_json``/``from_json``.

>>> state = State.new(load_variant(), seed=7, trump="H", banker=0)
>>> state.hand_sizes, len(state.kitty)
((52, 52, 52, 52), 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from pathlib import Path

from cardrules.registry import GameEntry, register
from cardrules.shengji.adapter import ADAPTER
from cardrules.shengji.codes import CODES
from cardrules.shengji.events import EVENTS, events_from_json, events_to_json, public_events
from cardrules.shengji.follow import (
    cheapest_follow,
    count_follows,
    explain_follow,
    iter_follows,
    random_follow,
)
from cardrules.shengji.moves import Move, MoveKind, Top
from cardrules.shengji.order import TRUMP, TrumpContext, trump_context
from cardrules.shengji.pieces import (
    Combination,
    CombinationName,
    Piece,
    beats,
    classify,
    matches_structure,
)
from cardrules.shengji.scoring import KittyBonus, RoundResult
from cardrules.shengji.state import State
from cardrules.shengji.throws import ThrowOutcome, resolve_throw
from cardrules.shengji.variant import KittyMultiplier, OffSuitOrder, TractorLanes, Variant
from cardrules.shengji.view import View
from cardrules.variant import VariantBase
from cardrules.variant import load_variant as _load_variant

__all__ = [
    "CODES",
    "EVENTS",
    "TRUMP",
    "Combination",
    "CombinationName",
    "KittyBonus",
    "KittyMultiplier",
    "Move",
    "MoveKind",
    "OffSuitOrder",
    "Piece",
    "RoundResult",
    "State",
    "ThrowOutcome",
    "Top",
    "TractorLanes",
    "TrumpContext",
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
    "public_events",
    "random_follow",
    "resolve_throw",
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


def _new(variant: VariantBase, seed: int) -> State:
    """A round dealt from ``seed``, banker at seat 0, no trump suit (the play phase alone has no
    bidding to choose them)."""
    assert isinstance(variant, Variant)
    return State.new(variant, seed=seed)


register(
    GameEntry(
        name="shengji",
        title="四副升级 (four-deck Shengji)",
        variant_class=Variant,
        presets=files(__name__) / "presets",
        adapter=ADAPTER,
        new=_new,
        from_position=State.from_position,
        from_json=State.from_json,
    )
)
