"""The case-runner hooks for 四幺四 (:class:`cardrules.cases.adapter.CaseAdapter`): positions,
``then`` observations and round cases, 4A4-POS-1 (Positions)."""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.cases.adapter import StateAdapter, UnsupportedCase
from cardrules.errors import CardrulesError, PositionError
from cardrules.game import GameState
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.siyaosi.combos import Combination, Table, beats, classify
from cardrules.siyaosi.levels import after_round
from cardrules.siyaosi.moves import Move
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.scoring import played_from_names, round_points
from cardrules.siyaosi.state import State
from cardrules.siyaosi.variant import Variant

__all__ = ["ADAPTER", "SiyaosiAdapter", "table_of"]


def table_of(position: Position) -> Table:
    """The strength context of a position: its variant, levels (default: the variant's start
    level for both teams) and ruling team."""
    if position.game != "siyaosi":
        raise PositionError("this is the 四幺四 engine", key="game")
    position.refuse("trump", "banker", "kitty", "points")
    variant = position.variant
    assert isinstance(variant, Variant)
    levels = position.levels or (variant.start_level, variant.start_level)
    return Table(variant, (levels[0], levels[1]), position.ruling)


def _combination(table: Table, text: MoveText, players: int) -> Combination | None:
    if not 0 <= text.seat < players:
        raise PositionError(f"there is no seat {text.seat}", key="seat")
    if text.verb is not None:
        raise CardrulesError(f"name only cards here, not {text.verb!r}")
    return classify(text.cards, table, text.seat)


def _observe(state: State, key: str) -> object:
    if key == "top":
        return Cards() if state.top is None else state.top.cards
    if key == "leader":
        return state.leader
    if key == "out":
        return state.out
    raise UnsupportedCase(f"then key {key!r} is not checked for siyaosi")


class SiyaosiAdapter(StateAdapter[Move]):
    """Runs classify, beats, play and round cases against the 四幺四 engine."""

    then_keys = frozenset(("turn", "top", "leader", "out", "hand_sizes", "movers", "events"))
    round_keys: frozenset[str] = frozenset({"ruling", "levels", "score", "winner"})

    def start(self, position: Position) -> GameState[Move]:
        return State.from_position(position)

    def observe(self, state: GameState[Move], key: str) -> object:
        assert isinstance(state, State)
        return _observe(state, key)

    def classify(self, position: Position, play: MoveText) -> str:
        combo = _combination(table_of(position), play, position.players)
        return "invalid" if combo is None else combo.name.value

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        table = table_of(position)
        under = _combination(table, top, position.players)
        if under is None:
            raise CardrulesError(f"the top {top.cards} is not a combination")
        over = _combination(table, play, position.players)
        return over is not None and beats(under, over, table)

    def round(self, position: Position, case: Mapping[str, object]) -> Mapping[str, object]:
        """A round that ended with ``finish`` from ``position`` (the levels and ruling team it
        was played at): the levels, ruling team and winner after it (4A4-LEVEL-2 (Rising by
        catches) … 4A4-LEVEL-5 (Winning the match)) and its score, multiplied for the
        combinations ``played`` (4A4-SCORE-1 (The scoring table), 4A4-SCORE-2 (Multipliers))."""
        table = table_of(position)
        then = case.get("then", {})
        assert isinstance(then, Mapping)
        for key in then:
            if key not in self.round_keys:
                raise UnsupportedCase(f"then key {key!r} is not computed by a 四幺四 round case")
        finish = case.get("finish")
        if not isinstance(finish, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in finish
        ):
            raise CardrulesError("a siyaosi round case gives finish = [seats in finishing order]")
        played = case.get("played", [])
        if not isinstance(played, list):
            raise CardrulesError("played lists combination names, e.g. ['4a4', 'bomb']")
        result = round_result(position.players, tuple(finish), table.ruling)
        variant = table.variant
        standing = after_round(variant, table.levels, table.ruling, result)
        points = round_points(variant, result, table.ruling, played_from_names(played))
        return {
            "ruling": standing.ruling,
            "levels": tuple(r.text for r in standing.levels),
            "score": points or (0, 0),
            "winner": -1 if standing.winner is None else standing.winner,
        }


ADAPTER = SiyaosiAdapter()
