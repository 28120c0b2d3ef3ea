"""The case-runner hooks for 四幺四 (:class:`cardrules.cases.adapter.CaseAdapter`): positions,
``then`` observations and round cases, 4A4-POS-1 (Positions)."""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.cases.adapter import StateAdapter, UnsupportedCase
from cardrules.errors import CardrulesError, PositionError
from cardrules.game import GameState
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.siyaosi.calls import beats, classify
from cardrules.siyaosi.combos import Combination
from cardrules.siyaosi.levels import Standing, after_round
from cardrules.siyaosi.match.phases import Phase
from cardrules.siyaosi.match.position import is_match_position
from cardrules.siyaosi.match.state import Match
from cardrules.siyaosi.moves import Move, MoveKind
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import RoundResult, round_result
from cardrules.siyaosi.scoring import played_from_names, round_points
from cardrules.siyaosi.state import State
from cardrules.siyaosi.tribute import Exchange, dues
from cardrules.siyaosi.variant import TributeLeader, Variant

__all__ = ["ADAPTER", "SiyaosiAdapter", "exchanges", "table_of"]


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
        raise CardrulesError(f"name only cards here, not {text.verb!r}", code="bad-case-file")
    return classify(text.cards, table, text.seat)


def _observe(state: State, key: str) -> object:
    if key == "top":
        return Cards() if state.top is None else state.top.cards
    if key == "leader":
        return state.leader
    if key == "out":
        return state.out
    # A single round is no match: no tribute phase, no score kept, nobody has won.
    alone: dict[str, object] = {
        "phase": "play",
        "levels": tuple(r.text for r in state.levels),
        "ruling": -1 if state.ruling is None else state.ruling,
        "tributes": (),
        "returns": (),
        "score": (0, 0),
        "winner": -1,
        "round": 1,
    }
    if key in alone:
        return alone[key]
    raise UnsupportedCase(f"then key {key!r} is not checked for siyaosi")


def _observe_match(match: Match, key: str) -> object:
    """A ``then`` key of a match: the play's (none yet in the tribute phase: no top, leader
    -1), the phase, the tributes taken and returned so far, and the standing now."""
    if key in ("top", "leader", "out"):
        if match.play is not None:
            return _observe(match.play, key)
        return {"top": Cards(), "leader": -1, "out": ()}[key]
    if key == "phase":
        return match.phase.value
    if key in ("tributes", "returns"):
        ex = match.exchange
        return () if ex is None else exchanges(ex)[key]
    if key == "round":
        return match.round
    levels, ruling, score, winner = match.standing
    standing = {
        "levels": tuple(r.text for r in levels),
        "ruling": -1 if ruling is None else ruling,
        "score": score,
        "winner": -1 if winner is None else winner,
    }
    return standing[key]


def exchanges(ex: Exchange) -> dict[str, tuple[str, ...]]:
    """The tributes taken (``"PAYER>RECEIVER: CARD"``, known once every payer has paid) and
    the returns made (``"RECEIVER>PAYER: CARD"``) in the tribute phase ``ex``."""
    return {
        "tributes": tuple(f"{payer}>{receiver}: {cards}" for payer, receiver, cards in ex.pairs),
        "returns": tuple(f"{giver}>{taker}: {cards}" for giver, taker, cards in ex.returned),
    }


class SiyaosiAdapter(StateAdapter[Move]):
    """Runs classify, beats, play and round cases against the 四幺四 engine."""

    then_keys = frozenset(
        (
            *("turn", "top", "leader", "out", "hand_sizes", "movers", "events", "shown"),
            *("unseen", "voids"),
            *("phase", "tributes", "returns", "levels", "ruling", "score", "winner", "round"),
        )
    )
    round_keys: frozenset[str] = frozenset(
        {"ruling", "levels", "score", "winner", "tributes", "leader"}
    )

    def start(self, position: Position) -> GameState[Move]:
        """A match for a position in the tribute phase or naming a match key (4A4-MATCH-3
        (Match positions and records)), else the play state of one round."""
        if is_match_position(position):
            return Match.from_position(position)
        return State.from_position(position)

    def observe(self, state: GameState[Move], key: str) -> object:
        if isinstance(state, Match):
            return _observe_match(state, key)
        assert isinstance(state, State)
        return _observe(state, key)

    def classify(self, position: Position, play: MoveText) -> str:
        """The combination name of ``play``'s cards played by its seat at the position's table, or
        ``"invalid"``."""
        combo = _combination(table_of(position), play, position.players)
        return "invalid" if combo is None else combo.name.value

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        """Whether ``play``'s cards beat ``top``'s standing on top of a trick at the position's
        table (``False`` if ``play`` is no combination; a ``top`` that is none is a bad case)."""
        table = table_of(position)
        under = _combination(table, top, position.players)
        if under is None:
            raise CardrulesError(f"the top {top.cards} is not a combination", code="bad-case-file")
        over = _combination(table, play, position.players)
        return over is not None and beats(under, over, table)

    def round(self, position: Position, case: Mapping[str, object]) -> Mapping[str, object]:
        """A round that ended with ``finish`` from ``position`` (the levels and ruling team it
        was played at): the levels, ruling team and winner after it (4A4-LEVEL-2 (Rising by
        catches) … 4A4-LEVEL-5 (Winning the match)) and its score, multiplied for the
        combinations ``played`` (4A4-SCORE-1 (The scoring table), 4A4-SCORE-2 (Multipliers))."""
        if "penalties" in case:
            raise CardrulesError(
                "penalties (failed throws) belong to a Shengji round case", code="bad-case-file"
            )
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
            raise CardrulesError(
                "a siyaosi round case gives finish = [seats in finishing order]",
                code="bad-case-file",
            )
        played = case.get("played", [])
        if not isinstance(played, list):
            raise CardrulesError(
                "played lists combination names, e.g. ['4a4', 'bomb']", code="bad-case-file"
            )
        result = round_result(position.players, tuple(finish), table.ruling)
        variant = table.variant
        standing = after_round(variant, table.levels, table.ruling, result)
        points = round_points(variant, result, table.ruling, played_from_names(played))
        observed: dict[str, object] = {
            "ruling": standing.ruling,
            "levels": tuple(r.text for r in standing.levels),
            "score": points or (0, 0),
            "winner": -1 if standing.winner is None else standing.winner,
        }
        # The next round's tributes and leader: computed whenever they can be (a ruling shows
        # them); a case checking them without the next deal, when tribute is due or the holder
        # of 3♥ leads, is refused.
        next_hands = case.get("next_hands")
        due = standing.winner is None and (
            bool(dues(variant, result).payers)
            or variant.tribute_leader is TributeLeader.HEART_THREE
        )
        if "tributes" in then or "leader" in then or next_hands is not None or not due:
            observed |= _next_round(variant, standing, result, next_hands)
        return observed


def _next_round(
    variant: Variant, standing: Standing, result: RoundResult, next_hands: object
) -> dict[str, object]:
    """The tributes due before anyone chooses to rebel (after an automatic rebellion) and who
    leads the next round's play, 4A4-TRIB-1 (Who pays tribute) … 4A4-TRIB-8 (Who leads after
    the tribute): the next round's tribute phase is played from ``next_hands`` taking the first
    listed move at each turn — a pass wherever rebelling or suppressing is a choice, the
    first of equal tribute cards."""
    if standing.winner is not None:
        return {"tributes": (), "leader": -1}
    if next_hands is None:
        heart_three = variant.tribute_leader is TributeLeader.HEART_THREE
        if not dues(variant, result).payers and not heart_three:
            return {"tributes": (), "leader": result.emperor}
        raise CardrulesError(
            "tribute is due, or the holder of 3♥ leads: give next_hands, the next round's deal",
            code="bad-case-file",
        )
    if not isinstance(next_hands, list) or len(next_hands) != variant.players:
        raise PositionError(f"one card group per seat ({variant.players})", key="next_hands")
    hands = []
    for seat, text in enumerate(next_hands):
        if not isinstance(text, str):
            raise PositionError(
                f"a card group as text, got {quote(text)}", key=f"next_hands[{seat}]"
            )
        hands.append(Cards.parse(text, decks=variant.decks))
    match = Match(
        variant=variant,
        seed=0,
        round=2,
        levels=standing.levels,
        ruling=standing.ruling,
        last_finish=result.finish,
        deal=tuple(hands),
    )
    while match.phase is Phase.TRIBUTE:
        moves = list(match.legal_moves())
        chosen = [m for m in moves if m.kind not in (MoveKind.REBEL, MoveKind.SUPPRESS)]
        match = match.apply((chosen or moves)[0])
    assert match.exchange is not None and match.play is not None
    return {"tributes": exchanges(match.exchange)["tributes"], "leader": match.play.leader}


#: The hooks the case runner rules on 四幺四 cases with.
ADAPTER = SiyaosiAdapter()
