"""Oracles written from the clauses' words, sharing no code with the rules they check.

The reference implementations of :mod:`cardrules.testing.oracles` are exact but borrow pieces of
the engine (its ladders, its refusals); a wrong ladder in the engine is then wrong in the
reference too. The oracles here take only what a clause says, on the smallest model that says
it, and import nothing from the game packages (``tests/test_layout.py`` checks it): a test feeds
the same situation to the engine and to the oracle and compares the verdicts. They are small and
slow on purpose.

One module per subject, named for the game and the rule (each module's docstring names the
clauses it is written from); a test imports what it needs from the module:

- :mod:`~cardrules.testing.clause_oracles.shengji_follow` — the follow of a plain suit;
- :mod:`~cardrules.testing.clause_oracles.shengji_throws` — throws, the forced piece, ruffs of a
  throw compared and the kitty bonus;
- :mod:`~cardrules.testing.clause_oracles.shengji_bids` — bidding and frying;
- :mod:`~cardrules.testing.clause_oracles.siyaosi_beats` — 四幺四 combinations and beating;
- :mod:`~cardrules.testing.clause_oracles.siyaosi_chain` — 勾岔 chain steps;
- :mod:`~cardrules.testing.clause_oracles.siyaosi_tribute` — who pays tribute, the card due and
  the pairing, reversed by a rebellion;
- :mod:`~cardrules.testing.clause_oracles.siyaosi_scoring` — a 四幺四 round's points;
- :mod:`~cardrules.testing.clause_oracles.siyaosi_levels` — the levels after a round.

The follow, scoring, level and tribute-card oracles, the first written, are also importable
from the package itself.
"""

from __future__ import annotations

from cardrules.testing.clause_oracles.shengji_follow import (
    Piece,
    best_follows,
    choices,
    follow_is_best,
    ladder,
    score,
    throw_order,
)
from cardrules.testing.clause_oracles.siyaosi_levels import LEVELS, levels_after
from cardrules.testing.clause_oracles.siyaosi_scoring import round_score
from cardrules.testing.clause_oracles.siyaosi_tribute import NATURAL, tribute_due

__all__ = [
    "LEVELS",
    "NATURAL",
    "Piece",
    "best_follows",
    "choices",
    "follow_is_best",
    "ladder",
    "levels_after",
    "round_score",
    "score",
    "throw_order",
    "tribute_due",
]
