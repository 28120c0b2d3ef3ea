"""The case-runner hooks for 四幺四 (:class:`cardrules.cases.adapter.GameAdapter`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardrules.cards import Rank
from cardrules.cases.adapter import UnsupportedCase
from cardrules.errors import CardrulesError, PositionError
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.siyaosi.combos import Combination, Table, beats, classify
from cardrules.siyaosi.state import Move, State, round_result
from cardrules.siyaosi.variant import Variant

__all__ = ["ADAPTER", "SiyaosiAdapter", "table_of"]

#: ``then`` keys of a ``round`` case that belong to the match rules (a later milestone).
_MATCH_KEYS = ("levels", "score", "winner", "tributes", "banker")


def table_of(position: Position) -> Table:
    """The strength context of a position: its variant, levels (default: the variant's start
    level for both teams) and ruling team."""
    if position.game != "siyaosi":
        raise PositionError("this is the 四幺四 engine", key="game")
    position.refuse("trump", "banker", "kitty", "points")
    variant = position.variant
    assert isinstance(variant, Variant)
    start = Rank.parse(variant.start_level)
    levels = position.levels or (start, start)
    return Table(variant, (levels[0], levels[1]), position.ruling)


def _combination(table: Table, text: MoveText, players: int) -> Combination | None:
    if not 0 <= text.seat < players:
        raise PositionError(f"there is no seat {text.seat}", key="seat")
    if text.verb is not None:
        raise CardrulesError(f"name only cards here, not {text.verb!r}")
    return classify(text.cards, table, text.seat)


class SiyaosiAdapter:
    """Runs classify, beats, play and (partly) round cases against the 四幺四 engine."""

    then_keys = frozenset(("turn", "top", "leader", "out", "hand_sizes"))

    def classify(self, position: Position, play: MoveText) -> str:
        combo = _combination(table_of(position), play, position.players)
        return "invalid" if combo is None else combo.name

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        table = table_of(position)
        under = _combination(table, top, position.players)
        if under is None:
            raise CardrulesError(f"the top {top.cards} is not a combination")
        over = _combination(table, play, position.players)
        return over is not None and beats(under, over, table.variant)

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
            return Cards() if state.top is None else state.top.cards
        if key == "leader":
            return state.leader
        if key == "out":
            return state.out
        if key == "hand_sizes":
            return state.hand_sizes
        raise UnsupportedCase(f"then key {key!r} is not checked for siyaosi")

    def round(self, position: Position, case: Mapping[str, Any]) -> Mapping[str, object]:
        table = table_of(position)
        then = case.get("then", {})
        for key in then:
            if key in _MATCH_KEYS:
                raise UnsupportedCase(
                    f"then key {key!r} belongs to the match rules (levels, tribute, scoring), "
                    "which are not implemented yet"
                )
        finish = case.get("finish")
        if not isinstance(finish, list) or not all(isinstance(s, int) for s in finish):
            raise CardrulesError("a siyaosi round case gives finish = [seats in finishing order]")
        result = round_result(position.players, tuple(finish), table.ruling)
        return {"ruling": result.next_ruling}


ADAPTER = SiyaosiAdapter()
