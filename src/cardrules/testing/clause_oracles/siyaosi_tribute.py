"""The 四幺四 tribute: the card a payer owes, 4A4-TRIB-2 (The tribute card)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["NATURAL", "tribute_due"]

#: 四幺四's natural order of ranks, low to high, 4A4-RANK-1 (Natural order).
NATURAL = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def tribute_due(
    hand: Sequence[str], level: str | None, promoted: bool, excluded: Sequence[str]
) -> set[str]:
    """The cards a 四幺四 payer holding ``hand`` (card texts: ``"10H"``, ``"SJ"``) may pay, as
    4A4-TRIB-2 (The tribute card) says: its highest card as it will rank in the receivers' hands
    in the coming round — the coming round's level card ``level`` above the 2 and below the
    jokers when ``promoted`` (the receivers rule the round, or every seat's level cards are
    promoted), 4A4-RANK-2 (The level card) — leaving out the ranks of ``excluded``; any suit of
    the highest rank; none when every card is excluded."""

    def rank_of(card: str) -> str:
        return card if card in ("SJ", "BJ") else card[:-1]

    def value(card: str) -> int:
        rank = rank_of(card)
        if rank == "BJ":
            return 16
        if rank == "SJ":
            return 15
        if promoted and level is not None and level != "2" and rank == level:
            return 14  # above the 2 (13), below the small joker
        return NATURAL.index(rank) + 1

    allowed = [c for c in hand if rank_of(c) not in excluded]
    if not allowed:
        return set()
    top = max(value(c) for c in allowed)
    return {c for c in allowed if value(c) == top}
