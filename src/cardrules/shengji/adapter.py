"""The case-file adapter for 四副升级 (:class:`cardrules.cases.adapter.CaseAdapter`).

``classify``/``beats`` cases read the position only for its context: variant, ``levels`` (the
round's level is the banker team's, ``levels[banker % 2]``) and ``trump``. ``play`` cases start
from :meth:`State.from_position`, SJ-STATE-6 (What a case observes). ``round`` cases settle a
round from ``attacker_points`` by the level table, SJ-LEVEL-1 (The level table).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.cases.adapter import StateAdapter, UnsupportedCase
from cardrules.errors import CardrulesError, PositionError
from cardrules.game import GameState
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.shengji.match_position import round_settlement
from cardrules.shengji.moves import Move
from cardrules.shengji.order import TrumpContext, trump_context
from cardrules.shengji.pieces import beats, classify
from cardrules.shengji.state import State
from cardrules.shengji.variant import Variant
from cardrules.textio import is_int

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
    levels = position.levels or (variant.start_level, variant.start_level)
    if levels[0] != levels[1] and position.banker is None:
        raise PositionError(
            "the teams' levels differ, so the banker is needed to know the round's level",
            key="banker",
        )
    banker = position.banker or 0
    return trump_context(variant, levels[banker % 2], position.trump)


def _observe(state: State, key: str) -> object:
    if key == "top":
        # The play now winning the trick; once a trick is over, the play that won it.
        top = state.top
        if top is not None:
            return top.cards
        if state.last_trick and state.last_winner is not None:
            return next(p.cards for p in state.last_trick if p.seat == state.last_winner)
        return Cards()
    if key == "leader":
        return state.leader
    if key == "trick_winner":
        return state.last_winner
    if key == "points":
        return state.points
    if key == "penalties":
        return state.penalties
    raise UnsupportedCase(f"then key {key!r} is not checked for shengji")


class ShengjiAdapter(StateAdapter[Move]):
    """Runs classify, beats, play and round cases."""

    then_keys = frozenset(
        {
            "turn",
            "top",
            "leader",
            "trick_winner",
            "points",
            "hand_sizes",
            "penalties",
            "movers",
            "events",
        }
    )
    round_keys = frozenset({"levels", "banker", "score", "winner", "scores"})

    def start(self, position: Position) -> GameState[Move]:
        return State.from_position(position)

    def observe(self, state: GameState[Move], key: str) -> object:
        assert isinstance(state, State)
        return _observe(state, key)

    def classify(self, position: Position, play: MoveText) -> str:
        combo = classify(play.cards, position_context(position))
        return "invalid" if combo is None else combo.name.value

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        ctx = position_context(position)
        a, b = classify(top.cards, ctx), classify(play.cards, ctx)
        if a is None or b is None:
            return False
        return beats(a, b, ctx)

    def round(self, position: Position, case: Mapping[str, object]) -> Mapping[str, object]:
        """SJ-LEVEL-1 (The level table), SJ-LEVEL-3 (The next banker), SJ-MATCH-2 (The end of the
        match), SJ-MATCH-3 (The match score): the round of ``position`` settled on
        ``attacker_points`` (kitty included)."""
        points = case.get("attacker_points")
        if not is_int(points) or not 0 <= points <= 10**6:
            raise CardrulesError("a shengji round case gives attacker_points = N (0 or more)")
        settled = round_settlement(position, points)
        return {
            "levels": tuple(r.text for r in settled.levels),
            "banker": settled.next_banker,
            "score": settled.score,
            "winner": -1 if settled.winner is None else settled.winner,
            "scores": settled.scores,
        }


ADAPTER = ShengjiAdapter()
