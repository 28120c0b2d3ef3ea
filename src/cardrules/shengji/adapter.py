"""The case-file adapter for 四副升级 (:class:`cardrules.cases.adapter.GameAdapter`).

``classify``/``beats`` cases read the position only for its context: variant, ``levels`` (the
round's level is the banker team's, ``levels[banker % 2]``) and ``trump``. ``play`` cases start
from :meth:`State.from_position`. ``round`` cases (level changes) are a later part of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules.cases.adapter import UnsupportedCase
from cardrules.errors import PositionError
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.shengji.order import TrumpContext
from cardrules.shengji.pieces import beats, classify
from cardrules.shengji.state import Move, State, context_for, position_levels
from cardrules.shengji.variant import Variant

__all__ = ["ADAPTER", "ShengjiAdapter"]

#: Keys of the contract's ``[position]`` that mean nothing in Shengji.
_SIYAOSI_ONLY = ("ruling", "out")


def position_context(position: Position) -> TrumpContext:
    """The trump context a position describes (for ``classify`` and ``beats`` cases)."""
    variant = position.variant
    if not isinstance(variant, Variant):
        raise PositionError("a shengji position needs a shengji variant", key="variant")
    position.refuse(*_SIYAOSI_ONLY)
    position.require("trump")
    levels = position_levels(position)
    if levels[0] != levels[1] and position.banker is None:
        raise PositionError(
            "the teams' levels differ, so the banker is needed to know the round's level",
            key="banker",
        )
    banker = position.banker or 0
    return context_for(variant, levels[banker % 2], position.trump)


class ShengjiAdapter:
    """Runs classify, beats and play cases; ``round`` cases are not supported yet."""

    then_keys = frozenset(
        {"turn", "top", "leader", "trick_winner", "points", "hand_sizes", "penalties"}
    )

    def classify(self, position: Position, play: MoveText) -> str:
        combo = classify(play.cards, position_context(position))
        return "invalid" if combo is None else combo.name

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        ctx = position_context(position)
        a, b = classify(top.cards, ctx), classify(play.cards, ctx)
        if a is None or b is None:
            return False
        return beats(a, b, ctx)

    def start(self, position: Position) -> State:
        return State.from_position(position)

    def move(self, state: Any, text: MoveText) -> Move:
        assert isinstance(state, State)
        return state.parse_move(text)

    def observe(self, state: Any, key: str) -> object:
        assert isinstance(state, State)
        if key == "turn":
            return state.turn
        if key == "top":
            # The play now winning the trick; once a trick is over, the play that won it.
            if state.trick:
                return state.trick[state.top].cards
            if state.last_trick and state.last_winner is not None:
                return next(p.cards for p in state.last_trick if p.seat == state.last_winner)
            return Cards()
        if key == "leader":
            return state.leader
        if key == "trick_winner":
            return state.last_winner
        if key == "points":
            return state.points
        if key == "hand_sizes":
            return state.hand_sizes
        if key == "penalties":
            return state.penalties
        raise UnsupportedCase(f"then key {key!r} is not checked for shengji")

    def round(self, position: Position, case: Mapping[str, Any]) -> Mapping[str, object]:
        raise UnsupportedCase("shengji round results (level changes) are not implemented yet")


ADAPTER = ShengjiAdapter()
