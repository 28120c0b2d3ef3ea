"""The case-file adapter for 四副升级 (:class:`cardrules.cases.adapter.CaseAdapter`).

``classify``/``beats`` cases read the position only for its context: variant, ``levels`` (the
round's level is the banker team's, ``levels[banker % 2]``) and ``trump``. ``play`` cases start
from :meth:`State.from_position` in the play phase, SJ-STATE-6 (What a case observes), and from
:meth:`Match.from_position` in the others (or when the position gives a match key such as
``round``), SJ-MATCH-5 (What a match case observes). ``round`` cases settle a round from
``attacker_points`` by the level table, SJ-LEVEL-1 (The level table).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.cards import Suit
from cardrules.cases.adapter import StateAdapter, UnsupportedCase
from cardrules.errors import CardrulesError, PositionError
from cardrules.game import GameState
from cardrules.implements import implements
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.shengji.combos import beats, classify
from cardrules.shengji.keys import POSITION_KEYS
from cardrules.shengji.match import Match
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.match.position import round_settlement
from cardrules.shengji.moves import Move
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.state import State
from cardrules.shengji.variant import Variant
from cardrules.textio import is_int

__all__ = ["ADAPTER", "ShengjiAdapter"]

#: Keys of the contract's ``[position]`` that mean nothing in Shengji.
_SIYAOSI_ONLY = ("ruling", "out")


def position_context(position: Position) -> Table:
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


@implements("SJ-STATE-6")
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
        # As the teams count them: the attackers' with the trick points failed throws moved,
        # SJ-THROW-8 (Trick points for a failed throw).
        points = list(state.points)
        points[state.attacker_team] += state.throw_points
        return tuple(points)
    if key == "penalties":
        return state.penalties
    if key == "phase":
        return Phase.PLAY.value
    if key == "trump":
        return _trump(state.trump)
    if key == "banker":
        return state.banker
    if key == "levels":
        return tuple(r.text for r in state.levels)
    if key in _MATCH_ONLY:
        return None
    raise UnsupportedCase(f"then key {key!r} is not checked for shengji")


#: ``then`` keys only a match has (a play state alone observes ``None``).
_MATCH_ONLY = frozenset({"bid", "scores", "round"})
#: ``then`` keys of the play phase (a match observes them on its play state).
_PLAY_KEYS = frozenset({"top", "leader", "trick_winner", "points", "penalties"})


def _trump(trump: Suit | None) -> str:
    return "none" if trump is None else trump.letter


@implements("SJ-MATCH-5")
def _observe_match(match: Match, key: str) -> object:
    """SJ-MATCH-5 (What a match case observes)."""
    if key in _PLAY_KEYS:
        return None if match.play is None else _observe(match.play, key)
    if key == "phase":
        return match.phase.value
    if key == "trump":
        return _chosen_trump(match)
    if key == "banker":
        return -1 if match.banker is None else match.banker
    if key == "bid":
        bid = match.bid
        return "none" if bid is None else f"{bid.seat}: {bid.cards}"
    if key == "levels":
        return tuple(r.text for r in match.levels)
    if key == "scores":
        return match.scores
    if key == "round":
        return match.round_number
    raise UnsupportedCase(f"then key {key!r} is not checked for shengji")


def _chosen_trump(match: Match) -> str:
    """The trump as it stands: once the bidding is over, the match's; during it, the standing
    bid's (``""`` while no bid stands or four jokers wait for their trump)."""
    bid = match.bid
    if bid is not None and not bid.named:
        return ""
    if match.phase in (Phase.DEAL, Phase.BID):
        return "" if bid is None else _trump(bid.trump)
    return _trump(match.trump)


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
            "shown",
            "unseen",
            "voids",
            "phase",
            "trump",
            "banker",
            "bid",
            "levels",
            "scores",
            "round",
        }
    )
    round_keys = frozenset({"levels", "banker", "score", "winner", "scores"})

    def start(self, position: Position) -> GameState[Move]:
        if position.phase == Phase.PLAY.value and not position.given & POSITION_KEYS:
            return State.from_position(position)
        return Match.from_position(position)

    def observe(self, state: GameState[Move], key: str) -> object:
        if isinstance(state, Match):
            return _observe_match(state, key)
        assert isinstance(state, State)
        return _observe(state, key)

    def classify(self, position: Position, play: MoveText) -> str:
        """The combination name of ``play``'s cards in the position's trump context, or
        ``"invalid"``."""
        combo = classify(play.cards, position_context(position))
        return "invalid" if combo is None else combo.name.value

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        """Whether ``play``'s cards beat ``top``'s in the position's trump context (``False`` if
        either is no combination)."""
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
            raise CardrulesError(
                "a shengji round case gives attacker_points = N (0 or more)", code="bad-case-file"
            )
        penalties = case.get("penalties", [0] * position.players)
        if (
            not isinstance(penalties, list)
            or len(penalties) != position.players
            or not all(is_int(n) and 0 <= n <= MAX_FAILED_THROWS for n in penalties)
        ):
            raise CardrulesError(
                f"penalties are the failed throws of each seat this round: {position.players} "
                f"numbers 0..{MAX_FAILED_THROWS}, got {quote(penalties)}",
                code="bad-case-file",
            )
        settled = round_settlement(position, points, tuple(penalties))
        return {
            "levels": tuple(r.text for r in settled.levels),
            "banker": settled.next_banker,
            "score": settled.score,
            "winner": -1 if settled.winner is None else settled.winner,
            "scores": settled.scores,
        }


#: The most failed throws a round case may give one seat (a four-deck round has 27 tricks).
MAX_FAILED_THROWS = 100

#: The hooks the case runner rules on Shengji cases with.
ADAPTER = ShengjiAdapter()
