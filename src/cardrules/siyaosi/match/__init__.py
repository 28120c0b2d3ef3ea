"""A whole 四幺四 match, 4A4-MATCH-1 (A match): the match itself (:mod:`.state`), a seat's view
of it (:mod:`.view`), a match from a case position (:mod:`.position`) and the record of its
rounds (:mod:`.record`)."""

from __future__ import annotations

from cardrules.siyaosi.match.record import MatchResult
from cardrules.siyaosi.match.state import Match, Phase
from cardrules.siyaosi.match.view import MatchView

__all__ = ["Match", "MatchResult", "MatchView", "Phase"]
