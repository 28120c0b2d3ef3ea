"""The ``[position]`` keys Shengji reads besides the contract's: those of a match, SJ-MATCH-4
(What a match shows and saves), checked by :mod:`cardrules.shengji.match.position`."""

from __future__ import annotations

__all__ = ["POSITION_KEYS"]

#: ``round``, ``redeals``, ``seed``, ``scores``, ``dealt_first``, ``stock`` and ``bid``.
POSITION_KEYS = frozenset({"round", "redeals", "seed", "scores", "dealt_first", "stock", "bid"})
