"""The Shengji match, SJ-MATCH-1 (A match is rounds of phases): :class:`Match` (the whole match
as one immutable state, in :mod:`~cardrules.shengji.match.state`), :class:`MatchView` (a seat's
knowledge of it), :class:`Phase` (where a round stands) and :class:`MatchStanding` (how the
match stands between rounds).

The subpackage has the same rooms in both games: ``state`` (the match), ``facts`` (what the
match and its view derive alike), ``view``, ``documents`` (the match as JSON and back),
``position`` (a match from a case's ``[position]``), ``check`` (whether a match built from
outside could exist), ``phases`` (the legality of the phases before the play) and ``record``
(the record of the match's rounds: how it stands or ended).
"""

from __future__ import annotations

from cardrules.shengji.match.phases import Phase
from cardrules.shengji.match.record import MatchStanding
from cardrules.shengji.match.state import Match
from cardrules.shengji.match.view import MatchView

__all__ = ["Match", "MatchStanding", "MatchView", "Phase"]
