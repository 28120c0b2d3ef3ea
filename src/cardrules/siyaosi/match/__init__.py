"""A whole 四幺四 match, 4A4-MATCH-1 (A match): the match itself (:mod:`.state`), what it and a
seat's view derive alike (:mod:`.facts`), the view (:mod:`.view`), the phases other than the
play (:mod:`.phases`), their JSON (:mod:`.documents`), a match from a case position
(:mod:`.position`), the checks of a match built from outside (:mod:`.check`) and the record of
its rounds and result (:mod:`.record`)."""

from __future__ import annotations

from cardrules.siyaosi.match.phases import Phase
from cardrules.siyaosi.match.record import MatchResult
from cardrules.siyaosi.match.state import Match
from cardrules.siyaosi.match.view import MatchView

__all__ = ["Match", "MatchResult", "MatchView", "Phase"]
