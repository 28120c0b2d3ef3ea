"""The ``[position]`` keys 四幺四 reads besides the contract's (none yet: the match adds them)."""

from __future__ import annotations

__all__ = ["POSITION_KEYS"]

POSITION_KEYS: frozenset[str] = frozenset()
