"""四副升级 (four-deck Shengji): card order, combinations, following, and the play phase.

The same API shape as :mod:`cardrules.siyaosi`: :func:`classify`, :func:`beats`, :class:`State`,
:class:`Move`, :class:`View`, :class:`Variant`, :func:`load_variant`; a state's
``legal_moves()``, ``explain``, ``is_legal``, ``apply``, ``view`` and ``to_json``/``from_json``.

>>> state = State.new(load_variant(), seed=7, trump="H", banker=0)
>>> state.hand_sizes, len(state.kitty)
((52, 52, 52, 52), 8)
"""

from __future__ import annotations

from pathlib import Path

from cardrules.shengji.follow import count_follows, explain_follow, iter_follows, random_follow
from cardrules.shengji.order import TRUMP, TrumpContext, trump_context
from cardrules.shengji.pieces import Combination, Piece, beats, classify, matches_structure
from cardrules.shengji.scoring import KittyBonus, RoundResult
from cardrules.shengji.state import Move, ShengjiLegalMoves, State, random_move
from cardrules.shengji.throws import ThrowOutcome, resolve_throw
from cardrules.shengji.variant import Variant
from cardrules.shengji.view import Play, View
from cardrules.variant import load_variant as _load_variant

__all__ = [
    "TRUMP",
    "Combination",
    "KittyBonus",
    "Move",
    "Piece",
    "Play",
    "RoundResult",
    "ShengjiLegalMoves",
    "State",
    "ThrowOutcome",
    "TrumpContext",
    "Variant",
    "View",
    "beats",
    "classify",
    "count_follows",
    "explain_follow",
    "iter_follows",
    "load_variant",
    "matches_structure",
    "random_follow",
    "random_move",
    "resolve_throw",
    "trump_context",
]


def load_variant(
    ref: str | Path | Variant = "four-deck",
    *,
    overrides: dict[str, object] | None = None,
    base: Path | None = None,
) -> Variant:
    """A Shengji variant from a preset name (default ``four-deck``) or a TOML path, with
    ``overrides`` applied and validated."""
    variant = _load_variant(ref, game="shengji", overrides=overrides, base=base)
    assert isinstance(variant, Variant)
    return variant
