"""A 四幺四 match at a case position, 4A4-MATCH-3 (Match positions and records): in the tribute
phase of a round (``phase = "tribute"``, the previous round's ``last_finish``) or in its play
phase (a play position naming any of the match's own keys ``seed``, ``round``, ``score``).

The game registers these keys (``POSITION_KEYS``); the position loader keeps their values as
read from the file, and they are checked here, each refusal naming its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardrules.errors import CardrulesError, PositionError
from cardrules.limits import quote
from cardrules.position import Position
from cardrules.siyaosi.keys import POSITION_KEYS
from cardrules.siyaosi.match.record import MAX_ROUNDS, SEEDS, Opening
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.state import State
from cardrules.siyaosi.variant import Variant

if TYPE_CHECKING:
    from cardrules.siyaosi.match.state import Match

__all__ = ["is_match_position", "match_from_position"]


def is_match_position(position: Position) -> bool:
    """Whether a position describes a match (a tribute phase, or a match key named) rather than
    a single round's play."""
    return position.phase == "tribute" or bool(POSITION_KEYS & position.given)


def match_from_position(position: Position, make: type[Match]) -> Match:
    """The match a case's ``[position]`` describes, built by ``make`` (the class, which checks
    it): :meth:`Match.from_position <cardrules.siyaosi.match.state.Match.from_position>`."""
    if position.game != "siyaosi":
        raise PositionError("this is the 四幺四 engine", key="game")
    position.refuse("trump", "banker", "kitty", "points")
    variant = position.variant
    assert isinstance(variant, Variant)
    extra = position.extra
    seed = _integer(extra, "seed", 0, 0, SEEDS - 1)
    score = _score(extra)
    if position.phase == "tribute":
        return _in_tribute(position, make, variant, seed, score)
    if position.phase != "play":
        raise PositionError(
            f"a match is in phase 'tribute' or 'play', not {quote(position.phase)}", key="phase"
        )
    position.refuse("last_finish")
    play = State.from_position(position)
    if play.is_over:
        raise PositionError("a match position needs a round in play: who leads?", key="leader")
    return make(
        variant=variant,
        seed=seed,
        round=_integer(extra, "round", 1, 1, MAX_ROUNDS),
        levels=play.levels,
        ruling=play.ruling,
        score=score,
        deal=play.hands,
        opening=Opening(play.leader, play.out),
    )


def _in_tribute(
    position: Position, make: type[Match], variant: Variant, seed: int, score: tuple[int, int]
) -> Match:
    """The start of a round's tribute phase: the hands as dealt and the last finishing order;
    the levels are the coming round's, and the last emperor's team rules it."""
    position.require("hands", "last_finish")
    position.refuse("leader", "out")
    last = _last_finish(position.extra.get("last_finish"), variant.players)
    levels = position.levels or (variant.start_level, variant.start_level)
    ruling = position.ruling if "ruling" in position.given else last[0] % 2
    return make(
        variant=variant,
        seed=seed,
        round=_integer(position.extra, "round", 2, 2, MAX_ROUNDS),
        levels=(levels[0], levels[1]),
        ruling=ruling,
        score=score,
        last_finish=last,
        deal=position.hands,
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _integer(extra: Mapping[str, object], key: str, default: int, lo: int, hi: int) -> int:
    value = extra.get(key, default)
    if not _is_int(value) or not lo <= value <= hi:  # type: ignore[operator]
        raise PositionError(f"an integer {lo}..{hi}, got {quote(value)}", key=key)
    assert isinstance(value, int)
    return value


def _score(extra: Mapping[str, object]) -> tuple[int, int]:
    value = extra.get("score", [0, 0])
    if not isinstance(value, list) or len(value) != 2 or not all(_is_int(x) for x in value):
        raise PositionError(f"one integer per team, e.g. [8, -4], got {quote(value)}", key="score")
    return value[0], value[1]


def _last_finish(value: object, players: int) -> tuple[int, ...]:
    """The previous round's finishing order: distinct seats, ending the round."""
    if not isinstance(value, list) or not all(_is_int(s) for s in value):
        raise PositionError(f"a list of seats, got {quote(value)}", key="last_finish")
    try:
        return round_result(players, tuple(value), None).finish
    except CardrulesError as err:
        raise PositionError(str(err), key="last_finish") from None
