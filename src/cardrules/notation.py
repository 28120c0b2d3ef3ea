"""Move notation shared by both games: ``"SEAT: CARDS"``, ``"SEAT: pass"``, ``"SEAT: VERB CARDS"``.

The game decides from the state what a bare play is (a cha, a ruff, a throw …); a verb names the
kind where it would otherwise be ambiguous (``"1: chi 7S 9H"``) and names phase moves
(``"0: bury …"``, ``"3: tribute 2S"``, ``"2: rebel"``).
"""

from __future__ import annotations

import attrs

from cardrules.cards import Card
from cardrules.errors import NotationError
from cardrules.multiset import Cards

__all__ = ["MoveText", "parse_move_text"]


@attrs.frozen
class MoveText:
    """A parsed move: the seat, the verb (``None`` for a bare play) and the cards named."""

    seat: int
    verb: str | None
    cards: Cards

    def __str__(self) -> str:
        parts = [p for p in (self.verb, str(self.cards)) if p]
        return f"{self.seat}: {' '.join(parts)}"


def _is_card(word: str) -> bool:
    """Card tokens such as ``AS``, ``KH`` or ``SJ`` are letters too; they are never verbs."""
    try:
        Card.parse(word)
    except NotationError:
        return False
    return True


def parse_move_text(text: str, *, decks: int | None = None) -> MoveText:
    """Read ``"2: 8S 8D"``, ``"1: pass"`` or ``"1: chi 7S 9H"``."""
    head, sep, rest = text.partition(":")
    if not sep:
        raise NotationError(f"a move is 'SEAT: CARDS' or 'SEAT: pass', got {text!r}")
    try:
        seat = int(head.strip())
    except ValueError:
        raise NotationError(
            f"the seat must be a number, got {head.strip()!r} in {text!r}"
        ) from None
    if seat < 0:
        raise NotationError(f"the seat must not be negative, got {seat} in {text!r}")
    words = rest.split()
    verb: str | None = None
    if words and words[0].isalpha() and not _is_card(words[0]):
        verb = words[0].lower()
        words = words[1:]
    try:
        cards = Cards.parse(" ".join(words), decks=decks)
    except NotationError as err:
        raise NotationError(f"in move {text!r}: {err}") from None
    if verb is None and not cards:
        raise NotationError(f"a move names cards or a verb such as 'pass', got {text!r}")
    return MoveText(seat, verb, cards)
