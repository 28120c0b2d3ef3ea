"""An immutable multiset of cards — a hand, a play, a kitty — stored as a 54-slot count vector.

Several decks mean repeated cards, so a hand is a count per distinct card, not a set. Counts by
card, rank and suit are O(1) or O(54); adding and removing are tuple arithmetic.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import add, le, sub

import attrs

from cardrules.cards import CARD_COUNT, Card, Rank, Suit, all_cards
from cardrules.errors import ImpossibleCardsError, NotationError

__all__ = ["Cards"]

_ZERO = (0,) * CARD_COUNT
# Display order: by face rank (2 … A), suits ♠ ♥ ♣ ♦ within a rank, jokers last.
_DISPLAY_ORDER = tuple(
    sorted(range(CARD_COUNT), key=lambda i: (all_cards()[i].rank, all_cards()[i].suit or 0))
)


def _check_counts(counts: tuple[int, ...]) -> None:
    if len(counts) != CARD_COUNT or min(counts) < 0:
        raise ValueError("a card count vector has 54 non-negative entries")


_new = object.__new__
_set = object.__setattr__


def _trusted(counts: tuple[int, ...]) -> Cards:
    """A ``Cards`` from a vector already known to be valid (internal arithmetic): skips the
    validator, which matters on the engines' hot paths."""
    inst: Cards = _new(Cards)
    _set(inst, "counts", counts)
    return inst


@attrs.frozen(repr=False)
class Cards:
    """A multiset of cards. Build with :meth:`parse`, :meth:`of` or :meth:`from_counts`.

    ``counts[card.index]`` is how many copies it holds. Iteration yields cards in display order
    (rank, then suit), repeats included; ``str()`` is notation that :meth:`parse` reads back.
    """

    counts: tuple[int, ...] = attrs.field(
        default=_ZERO, validator=lambda _s, _a, v: _check_counts(v)
    )

    # ------------------------------------------------------------------ construction
    @classmethod
    def of(cls, cards: Iterable[Card]) -> Cards:
        counts = [0] * CARD_COUNT
        for card in cards:
            counts[card.index] += 1
        return cls(tuple(counts))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Cards:
        return cls(tuple(counts))

    @staticmethod
    def unchecked(counts: tuple[int, ...]) -> Cards:
        """A ``Cards`` from a count vector the caller already knows is valid (54 non-negative
        entries), without validating it again: for engines' hot paths only."""
        return _trusted(counts)

    @classmethod
    def parse(cls, text: str, *, decks: int | None = None) -> Cards:
        """Read space-separated card tokens (``"4S 4H AS"``); empty text is the empty multiset.

        With ``decks``, refuse more copies of a card than that many decks hold.
        """
        counts = [0] * CARD_COUNT
        tokens = text.split()
        for i, token in enumerate(tokens):
            try:
                counts[Card.parse(token).index] += 1
            except NotationError as err:
                offset = 0
                for word in tokens[:i]:
                    offset = text.index(word, offset) + len(word)
                offset = text.index(token, offset)
                raise NotationError(
                    err.detail, text=text, token=token, index=i, offset=offset
                ) from None
        result = cls(tuple(counts))
        if decks is not None:
            result.check_within(decks)
        return result

    # ------------------------------------------------------------------ queries
    def count(self, card: Card) -> int:
        return self.counts[card.index]

    def __len__(self) -> int:
        return sum(self.counts)

    def __bool__(self) -> bool:
        return any(self.counts)

    def __iter__(self) -> Iterator[Card]:
        table = all_cards()
        for i in _DISPLAY_ORDER:
            for _ in range(self.counts[i]):
                yield table[i]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Card):
            return self.counts[item.index] > 0
        if isinstance(item, Cards):
            return item <= self
        return False

    def distinct(self) -> list[Card]:
        """Each card held at least once, in display order."""
        table = all_cards()
        return [table[i] for i in _DISPLAY_ORDER if self.counts[i]]

    def rank_counts(self) -> tuple[int, ...]:
        """Copies per rank, indexed by :class:`Rank` value (length 17; slots 0 and 1 unused)."""
        out = [0] * 17
        for i, n in enumerate(self.counts[:52]):
            if n:
                out[i % 13 + 2] += n
        out[Rank.SMALL_JOKER] = self.counts[52]
        out[Rank.BIG_JOKER] = self.counts[53]
        return tuple(out)

    def rank_count(self, rank: Rank) -> int:
        if rank.is_joker:
            return self.counts[52 if rank == Rank.SMALL_JOKER else 53]
        base = rank - 2
        return sum(self.counts[base + 13 * s] for s in range(4))

    def suit_counts(self) -> tuple[int, int, int, int]:
        c = self.counts
        return (sum(c[0:13]), sum(c[13:26]), sum(c[26:39]), sum(c[39:52]))

    def of_suit(self, suit: Suit) -> Cards:
        lo = suit * 13
        return _trusted(_ZERO[:lo] + self.counts[lo : lo + 13] + _ZERO[lo + 13 :])

    def max_copies(self) -> int:
        return max(self.counts)

    def check_within(self, decks: int) -> None:
        """Raise :class:`ImpossibleCardsError` if a card appears more often than ``decks`` hold."""
        for i, n in enumerate(self.counts):
            if n > decks:
                card = all_cards()[i]
                raise ImpossibleCardsError(
                    f"{card} appears {n} times but {decks} deck(s) hold only {decks}",
                    card=str(card),
                    count=n,
                    limit=decks,
                )

    # ------------------------------------------------------------------ arithmetic
    def __add__(self, other: Cards) -> Cards:
        return _trusted(tuple(map(add, self.counts, other.counts)))

    def __sub__(self, other: Cards) -> Cards:
        """Remove ``other``; raises :class:`ValueError` if it is not contained."""
        out = tuple(map(sub, self.counts, other.counts))
        if min(out) < 0:
            missing = _trusted(tuple(max(0, -n) for n in out))
            raise ImpossibleCardsError(f"cannot remove cards not held: {missing}")
        return _trusted(out)

    def __le__(self, other: Cards) -> bool:
        return all(map(le, self.counts, other.counts))

    def __ge__(self, other: Cards) -> bool:
        return other <= self

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def pretty(self) -> str:
        return " ".join(c.pretty() for c in self)

    def __repr__(self) -> str:
        return f"Cards.parse({str(self)!r})"
