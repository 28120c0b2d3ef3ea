"""The score of a round: its outcome, the points the scoring table gives it and the multipliers
of the combinations played — 4A4-SCORE-1 (The scoring table), 4A4-SCORE-2 (Multipliers).

The match counts the scoring plays of a round as they are made (:func:`count_play`); a ``round``
case names them (:func:`played_from_names`). Both end in :func:`round_points`.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.errors import CardrulesError
from cardrules.implements import implements
from cardrules.limits import quote
from cardrules.siyaosi.combos import BOMB, COMBINATION_NAMES, FOUR_A_FOUR, JOKER_BOMB
from cardrules.siyaosi.moves import CHA, GOU, PLAY, MoveKind, Top
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.variant import SCORING_KINDS, MultiplierMode, Variant

__all__ = [
    "NO_PLAYS",
    "Played",
    "count_play",
    "multiplier",
    "outcome",
    "played_from_names",
    "round_points",
]

#: How many scoring plays of each kind a round has seen, in the order of ``SCORING_KINDS``
#: (4A4, joker bomb, bomb).
Played = tuple[int, int, int]
#: A round in which no scoring play was made.
NO_PLAYS: Played = (0, 0, 0)

_INDEX = {FOUR_A_FOUR: 0, JOKER_BOMB: 1, BOMB: 2}


def count_play(played: Played, kind: MoveKind, before: Top | None, after: Top | None) -> Played:
    """``played`` with the move that turned the top of the trick from ``before`` into ``after``
    counted, if it scores: a play of a 4A4, a joker bomb or a bomb, or the chain step that first
    made a chain's effective combination a bomb (a chain is one bomb play, however long)."""
    if after is None:
        return played
    name = after.combination.name
    if kind is PLAY:
        index = _INDEX.get(name)
    elif (kind is CHA or kind is GOU) and name is BOMB:
        index = None if before is not None and before.combination.name is BOMB else 2
    else:
        index = None
    if index is None:
        return played
    counts = list(played)
    counts[index] += 1
    return (counts[0], counts[1], counts[2])


def played_from_names(names: Iterable[object]) -> Played:
    """The scoring plays a ``round`` case lists by combination name (other combinations are
    accepted and score nothing)."""
    counts = [0, 0, 0]
    for name in names:
        if not isinstance(name, str) or name not in COMBINATION_NAMES:
            raise CardrulesError(
                f"played lists combination names ({', '.join(COMBINATION_NAMES)}), "
                f"got {quote(name)}"
            )
        if name in SCORING_KINDS:
            counts[SCORING_KINDS.index(name)] += 1
    return (counts[0], counts[1], counts[2])


def outcome(result: RoundResult, ruling: int | None) -> str:
    """The round's outcome as a key of ``score_table``, from the ruling team's view (with nobody
    ruling, the emperor's team counts as ruling), 4A4-SCORE-1 (The scoring table)."""
    team = result.emperor % 2
    side = "ruling" if ruling is None or team == ruling else "other"
    caught = len(result.caught)
    if caught == result.players // 2:
        return "sweep" if side == "ruling" else "reverse-sweep"
    return f"{side}-caught-{'some' if caught else 'none'}"


@implements("4A4-SCORE-2")
def multiplier(variant: Variant, played: Played) -> int:
    """What the round's points are multiplied by, 4A4-SCORE-2 (Multipliers): each kind played
    once (``per_kind``) or every play (``per_play``); a kind the table leaves out counts 1."""
    factors = dict(variant.multipliers)
    total = 1
    for kind, count in zip(SCORING_KINDS, played, strict=True):
        if count:
            times = 1 if variant.multiplier_mode is MultiplierMode.PER_KIND else count
            total *= factors.get(kind, 1) ** times
    return total


@implements("4A4-SCORE-1")
def round_points(
    variant: Variant, result: RoundResult, ruling: int | None, played: Played
) -> tuple[int, int] | None:
    """Each team's points for the round (team 0, team 1), or ``None`` when the variant keeps no
    score (an empty table); an outcome the table leaves out scores nothing."""
    table = dict(variant.score_table)
    if not table:
        return None
    points = table.get(outcome(result, ruling), (0, 0))
    times = multiplier(variant, played)
    ruling_team = result.emperor % 2 if ruling is None else ruling
    by_team = [0, 0]
    by_team[ruling_team] = points[0] * times
    by_team[1 - ruling_team] = points[1] * times
    return (by_team[0], by_team[1])
