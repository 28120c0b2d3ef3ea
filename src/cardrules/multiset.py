"""An immutable multiset of cards — a hand, a play, a kitty — stored as a 54-slot count vector.

Several decks mean repeated cards, so a hand is a count per distinct card, not a set. Counts by
card, rank and suit are O(1) or O(54); adding and removing are tuple arithmetic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from operator import add, le, sub
from typing import NoReturn

import attrs

from cardrules.args import integer, shown
from cardrules.cards import CARD_COUNT, INDICES_OF_RANK, Card, Rank, Suit, all_cards, odd_character
from cardrules.errors import ArgumentError, ImpossibleCardsError, NotationError
from cardrules.limits import MAX_CARD_TOKENS, MAX_COPIES, quote
from cardrules.slots import setter

__all__ = ["Cards", "count_sub_multisets", "rank_counts"]

_ZERO = (0,) * CARD_COUNT
#: A token of card text: what the ASCII separators (:data:`~cardrules.cards.SEPARATORS`) part,
#: found lazily so that reading stops at the limit without copying the rest of a huge text.
_TOKEN = re.compile(r"[^ \t\n\r]+")
# Display order: by face rank (2 … A), suits ♠ ♥ ♣ ♦ within a rank, jokers last.
_DISPLAY_ORDER = tuple(
    sorted(range(CARD_COUNT), key=lambda i: (all_cards()[i].rank, all_cards()[i].suit or 0))
)
#: Each card's text by index (what ``str(Cards)`` joins).
_TEXT = tuple(str(card) for card in all_cards())


def rank_counts(counts: tuple[int, ...]) -> list[int]:
    """Cards per face rank of a 54-slot count vector, indexed by :class:`Rank` value (17 slots;
    0 and 1 unused) — a list, for the engines' hot paths (written out slot by slot: the engines
    call it on every move, and one expression is several times faster than slicing and zipping
    the four suits)."""
    c = counts
    return [
        0,
        0,
        c[0] + c[13] + c[26] + c[39],
        c[1] + c[14] + c[27] + c[40],
        c[2] + c[15] + c[28] + c[41],
        c[3] + c[16] + c[29] + c[42],
        c[4] + c[17] + c[30] + c[43],
        c[5] + c[18] + c[31] + c[44],
        c[6] + c[19] + c[32] + c[45],
        c[7] + c[20] + c[33] + c[46],
        c[8] + c[21] + c[34] + c[47],
        c[9] + c[22] + c[35] + c[48],
        c[10] + c[23] + c[36] + c[49],
        c[11] + c[24] + c[37] + c[50],
        c[12] + c[25] + c[38] + c[51],
        c[52],
        c[53],
    ]


def _check_counts(counts: tuple[int, ...]) -> None:
    """The cheap check every ``Cards(...)`` runs (engines build many): 54 entries, none negative
    and none above :data:`~cardrules.limits.MAX_COPIES` (no game here holds more copies of a card,
    and a huge count would make every message and listing huge). Entries that cannot be compared
    get a refusal too, not a TypeError."""
    try:
        valid = (
            type(counts) is tuple
            and len(counts) == CARD_COUNT
            and min(counts) >= 0
            and max(counts) <= MAX_COPIES
            and set(map(type, counts)) == {int}
        )
    except TypeError:
        valid = False
    if not valid:
        _refuse_counts(counts)


def _refuse_counts(counts: object) -> NoReturn:
    """Say why a count vector that failed a fast check cannot be a ``Cards``: not a tuple, the
    wrong length, an entry that is not an integer, or a card held a negative number of times."""
    if not isinstance(counts, tuple):
        raise NotationError(f"a card count vector is a tuple of {CARD_COUNT}, got {shown(counts)}")
    if len(counts) != CARD_COUNT:
        raise NotationError(f"a card count vector has {CARD_COUNT} entries, got {len(counts)}")
    for i, n in enumerate(counts):
        if type(n) is not int:  # not a bool, a float or another subclass of int
            raise NotationError(f"a card count is an integer, got {shown(n)} at index {i}")
        if n < 0 or n > MAX_COPIES:
            card = all_cards()[i]
            raise ImpossibleCardsError(
                f"{card} cannot be held {shown(n)} times (0..{MAX_COPIES})",
                card=str(card),
                count=n,
                limit=MAX_COPIES,
            )
    raise AssertionError(f"no fault in {counts}")  # pragma: no cover - only refused vectors


_new = object.__new__


def _trusted(counts: tuple[int, ...]) -> Cards:
    """A ``Cards`` from a vector already known to be valid (internal arithmetic): skips the
    validator, which matters on the engines' hot paths."""
    inst: Cards = _new(Cards)
    _set_counts(inst, counts)
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
        """The cards of ``cards``, an iterable of :class:`~cardrules.cards.Card` (repeats count);
        anything else is refused (``bad-argument``), as are more than
        :data:`~cardrules.limits.MAX_CARD_TOKENS` cards."""
        if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
            raise ArgumentError(f"an iterable of Card, got {shown(cards)}", key="cards")
        counts = [0] * CARD_COUNT
        for n, card in enumerate(cards):
            if type(card) is not Card or n >= MAX_CARD_TOKENS:
                if n >= MAX_CARD_TOKENS:
                    raise ArgumentError(f"more than {MAX_CARD_TOKENS} cards", key="cards")
                raise ArgumentError(f"item {n} is not a Card: {shown(card)}", key="cards")
            counts[card.index] += 1
        return cls(tuple(counts))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Cards:
        """A ``Cards`` from 54 counts indexed by :attr:`Card.index`; refuses a vector of another
        length, a negative count or an entry that is not an integer (``bool`` and ``float``
        included), naming it."""
        if isinstance(counts, str | bytes) or not isinstance(counts, Iterable):
            raise NotationError(f"a card count vector is {CARD_COUNT} counts, got {shown(counts)}")
        vector = tuple(islice(counts, CARD_COUNT + 1))
        try:  # C-speed checks: the length and range, then every entry an int (not a bool)
            valid = (
                len(vector) == CARD_COUNT
                and min(vector) >= 0
                and max(vector) <= MAX_COPIES
                and set(map(type, vector)) == {int}
            )
        except TypeError:
            valid = False
        if not valid:
            _refuse_counts(vector)
        return _trusted(vector)

    #: ``Cards.unchecked(counts)``: a ``Cards`` from a count vector the caller already knows is
    #: valid (54 non-negative entries), without validating it again: for engines' hot paths only
    #: (the builder itself, not a method calling it: engines call it for every card set).
    unchecked = staticmethod(_trusted)

    @classmethod
    def parse(cls, text: str, *, decks: int | None = None) -> Cards:
        """Read space-separated card tokens (``"4S 4H AS"``); empty text is the empty multiset.
        Tokens are parted by ASCII white space alone (space, tab, newline, carriage return); a
        token holding another space (U+00A0, U+3000, U+2028, U+0085 …) is refused, naming it.

        With ``decks`` (1 … 8), refuse more copies of a card than that many decks hold. Without,
        refuse more than :data:`~cardrules.limits.MAX_COPIES` copies; a text of more than
        :data:`~cardrules.limits.MAX_CARD_TOKENS` tokens is refused before any token is read.
        """
        if not isinstance(text, str):
            raise NotationError(f"card text must be a string, got {shown(text)}")
        if decks is not None and (type(decks) is not int or not 1 <= decks <= MAX_COPIES):
            integer(decks, 1, MAX_COPIES, "decks", what="the number of decks")
        tokens = [m.group() for m in islice(_TOKEN.finditer(text), MAX_CARD_TOKENS + 1)]
        if len(tokens) > MAX_CARD_TOKENS:
            raise NotationError(
                f"more than {MAX_CARD_TOKENS} cards ({MAX_COPIES} decks) in {quote(text)}"
            )
        counts = [0] * CARD_COUNT
        for i, token in enumerate(tokens):
            try:
                counts[Card.parse(token).index] += 1
            except NotationError as err:
                offset = 0
                for word in tokens[:i]:
                    offset = text.index(word, offset) + len(word)
                offset = text.index(token, offset)
                odd = odd_character(token)
                detail = (
                    f"{odd} is not a separator: cards are parted by ASCII spaces"
                    if odd
                    else err.detail
                )
                raise NotationError(
                    detail, text=text, token=token, index=i, offset=offset
                ) from None
        result = _trusted(tuple(counts))
        result.check_within(MAX_COPIES if decks is None else decks)
        return result

    # ------------------------------------------------------------------ queries
    def count(self, card: Card) -> int:
        """How many copies of ``card`` there are."""
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

    def arranged(self, key: Callable[[Card], tuple[int, int]]) -> tuple[tuple[Card, ...], ...]:
        """The cards as a player holds them: ``key(card)`` is ``(group, order)``; the groups
        ascending, each a tuple of its cards (every copy) ascending by ``order``, then in display
        order. Each game's views pass their own key (``View.arranged_hand``)."""
        ordered = sorted(self, key=key)
        groups: list[list[Card]] = []
        last: int | None = None
        for card in ordered:
            group = key(card)[0]
            if group != last:
                groups.append([])
                last = group
            groups[-1].append(card)
        return tuple(tuple(g) for g in groups)

    def distinct(self) -> list[Card]:
        """Each card held at least once, in display order."""
        table = all_cards()
        return [table[i] for i in _DISPLAY_ORDER if self.counts[i]]

    def rank_counts(self) -> tuple[int, ...]:
        """Copies per rank, indexed by :class:`Rank` value (length 17; slots 0 and 1 unused)."""
        return tuple(rank_counts(self.counts))

    def rank_count(self, rank: Rank) -> int:
        """How many cards of ``rank`` there are, of every suit."""
        counts = self.counts
        return sum(counts[i] for i in INDICES_OF_RANK[rank])

    def suit_counts(self) -> tuple[int, int, int, int]:
        """How many cards of each suit there are, in ♠ ♥ ♣ ♦ order (jokers in none)."""
        c = self.counts
        return (sum(c[0:13]), sum(c[13:26]), sum(c[26:39]), sum(c[39:52]))

    def of_suit(self, suit: Suit) -> Cards:
        """The cards of ``suit`` alone."""
        lo = suit * 13
        return _trusted(_ZERO[:lo] + self.counts[lo : lo + 13] + _ZERO[lo + 13 :])

    def max_copies(self) -> int:
        """The most copies of any one card (0 for no cards)."""
        return max(self.counts)

    def check_within(self, decks: int) -> None:
        """Raise :class:`ImpossibleCardsError` if a card appears more often than ``decks`` hold."""
        if max(self.counts) <= decks:
            return
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
        """Remove ``other``; raises :class:`ImpossibleCardsError` if it is not contained."""
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
        counts = self.counts
        if not any(counts):  # the empty hand, the empty trick: many in every document
            return ""
        return " ".join([_TEXT[i] for i in _DISPLAY_ORDER if counts[i] for _ in range(counts[i])])

    def pretty(self) -> str:
        """The cards with suit symbols, in display order.

        >>> Cards.parse("AS 10H BJ").pretty()
        '10♥ A♠ BJ'
        """
        return " ".join(c.pretty() for c in self)

    def __repr__(self) -> str:
        return f"Cards.parse({str(self)!r})"


#: The ``counts`` slot's own setter (what :func:`_trusted` stores through).
_set_counts = setter(Cards, "counts")


def count_sub_multisets(counts: Sequence[int], size: int) -> int:
    """How many distinct sets of ``size`` cards a holding of ``counts`` (copies per card) holds:
    the coefficient of x^size in the product of (1 + x + … + x^n) over the counts, built one card
    at a time in O(cards · size²) — the number a listing of burials or follows is checked
    against before any is built."""
    ways = [1] + [0] * size
    for held in counts:
        if not held:
            continue
        new = [0] * (size + 1)
        for total, n in enumerate(ways):
            if n:
                for take in range(min(held, size - total) + 1):
                    new[total + take] += n
        ways = new
    return ways[size]
