"""The ``[position]`` keys 四幺四 reads besides the contract's: those of a match, 4A4-MATCH-3
(Match positions and records), checked by :mod:`cardrules.siyaosi.match.position`."""

from __future__ import annotations

__all__ = ["POSITION_KEYS"]

#: ``seed`` (the match seed), ``round`` (its number), ``score`` (both teams' score so far) and
#: ``last_finish`` (the order the seats went out in the round before, for the tribute phase).
POSITION_KEYS = frozenset({"seed", "round", "score", "last_finish"})
