"""The record of how a Shengji match stands between rounds or how it ended: the round, the end
and the winner, the levels, every seat's match score and the last round's settlement,
SJ-MATCH-3 (The match score) — a match's ``result()``, saved and read as a JSON document."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.cards import Rank
from cardrules.errors import PositionError
from cardrules.jsonio import (
    JSON,
    JSONObject,
    Round,
    Team,
    document,
    open_document,
    read_record,
    record_json,
)
from cardrules.limits import quote
from cardrules.shengji.bounds import Scores, record_bounds, score_bound, table_sizes
from cardrules.shengji.levels import Settlement, check_settlement
from cardrules.shengji.variant import Variant

__all__ = ["MatchStanding"]


@attrs.frozen(kw_only=True)
class MatchStanding:
    """A match's ``result()``: the round it is in (or ended in), whether it is over, the winning
    team (``None`` while nobody has won, or after a drawn 整局 match), the levels, every seat's
    match score and the last round's settlement, SJ-MATCH-3 (The match score)."""

    round: Round
    over: bool
    winner: Team | None
    levels: tuple[Rank, Rank]
    scores: Scores
    last: Settlement | None

    def to_json(self) -> JSONObject:
        """The standing as a JSON document (``type = "standing"``, schema ``shengji.standing``)."""
        return document("shengji", "standing", record_json(self))

    @classmethod
    def from_json(
        cls, data: Mapping[str, JSON] | str | bytes, variant: Variant | None = None
    ) -> MatchStanding:
        """Read what :meth:`to_json` wrote: every field's JSON type checked before it is
        converted, the seats and scores within what ``variant``'s table allows (without one,
        what any Shengji table allows), and what follows from the last settlement — the round,
        levels, scores, the end and the winner — compared with it."""
        reader = open_document(data, "shengji", "standing")
        bounds = record_bounds(variant)
        standing = read_record(cls, reader.body_of(()), "shengji standing", bounds)
        with reader.reading():
            standing.check(variant)
        return standing

    def check(self, variant: Variant | None = None) -> None:
        """Raise :class:`~cardrules.errors.PositionError` naming the field unless a match of
        ``variant`` (any Shengji table, for ``None``) can stand here: the last settlement is
        of the round before (of this round, once the match is over) and left these levels,
        scores, end and winner; with no settlement yet the match is not over, and the scores
        are within what the rounds so far can have moved, SJ-MATCH-3 (The match score)."""
        last = self.last
        settled = self.round if self.over else self.round - 1
        if len(self.scores) not in table_sizes(variant):
            raise PositionError("one score per seat", key="scores")
        if last is None:
            if self.over or self.winner is not None:
                raise PositionError("a match ends with a settled round", key="last")
        else:
            if (last.round, last.levels, last.scores, last.over) != (
                settled,
                self.levels,
                self.scores,
                self.over,
            ):
                raise PositionError("the last round's settlement does not lead here", key="last")
            if self.winner != last.winner:
                raise PositionError("the winner is the last round's", key="winner")
            if variant is not None:
                check_settlement(last, variant)
        most = score_bound(variant, settled)
        if any(abs(score) > most for score in self.scores):
            raise PositionError(
                f"{settled} settled round(s) move a score by at most {quote(most)}", key="scores"
            )
