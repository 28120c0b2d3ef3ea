"""Cards and their text notation.

A card is written rank then suit: ranks ``2 3 4 5 6 7 8 9 10 J Q K A`` (``T`` = 10), suits
``S H C D`` (or ``♠ ♥ ♣ ♦``, also before the rank: ``♠A``); the jokers are ``SJ`` (小王) and ``BJ``
(大王). Parsing ignores the case of ASCII letters and accepts nothing else: no other Unicode letter
is folded into notation (``str.upper`` would read ``"Aſ"`` as ``AS``). Tokens are separated by
ASCII white space only (:data:`SEPARATORS`: space, tab, newline, carriage return); any other
space — a no-break space, an ideographic space, a line separator, U+0085 — is refused, named.
``str(card)`` gives the canonical form, which parses back to the same card; ``card.pretty()``
uses suit symbols.

Every one of the 54 distinct cards has a small integer :attr:`Card.index` (0–53) so that hands can
be count vectors; the 54 :class:`Card` objects are created once and shared.
"""

from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from cardrules.errors import NotationError
from cardrules.limits import quote

__all__ = [
    "CARD_COUNT",
    "INDICES_OF_RANK",
    "SEPARATORS",
    "Card",
    "Rank",
    "Suit",
    "all_cards",
    "card_index",
    "odd_character",
]

#: Number of distinct cards in one deck (52 + two jokers).
CARD_COUNT = 54
#: The characters that separate the tokens of card and move text (and may surround a token):
#: ASCII space, tab, newline and carriage return. No other white space is read as a separator.
SEPARATORS = " \t\n\r"


def odd_character(text: str) -> str:
    """A description of the first character of ``text`` that looks like a separator but is not
    one (a Unicode space, a line separator, a control or an invisible format character), e.g.
    ``"U+00A0 (NO-BREAK SPACE)"``; ``""`` if there is none."""
    import unicodedata

    for char in text:
        if char in SEPARATORS:
            continue
        if char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp"):
            name = unicodedata.name(char, "") or "a control character"
            return f"U+{ord(char):04X} ({name})"
    return ""


class Suit(enum.IntEnum):
    """The four suits, numbered in the conventional strength order ♠ > ♥ > ♣ > ♦ (黑红梅方)."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        """The suit's notation letter: ``S``, ``H``, ``C`` or ``D``."""
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♠``, ``♥``, ``♣`` or ``♦``."""
        return "♠♥♣♦"[self]

    @property
    def is_black(self) -> bool:
        """Whether the suit is spades or clubs."""
        return self in (Suit.SPADES, Suit.CLUBS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit from its letter or symbol, in any case; anything else is a
        :class:`~cardrules.errors.NotationError`.

        >>> Suit.parse("h"), Suit.parse("♠")
        (<Suit.HEARTS: 1>, <Suit.SPADES: 0>)
        """
        suit = _SUIT_BY_TEXT.get(_fold(text))
        if suit is None:
            raise NotationError(f"not a suit: {quote(text)}; use S H C D or ♠ ♥ ♣ ♦")
        return suit

    def __str__(self) -> str:
        return self.letter


_SUIT_BY_TEXT = {**{s.letter: s for s in Suit}, **{s.symbol: s for s in Suit}}
#: Upper-cases ASCII letters only, so no other character can turn into notation.
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: No notation (card, rank or suit) is longer than ``10S``: longer text is refused unread.
_LONGEST = 3


def _fold(text: object) -> str:
    """The lookup key of a notation token: stripped, ASCII letters upper-cased; "" if it is not
    text or too long to be notation."""
    if not isinstance(text, str):
        return ""
    key = text.strip(SEPARATORS)
    return key.translate(_ASCII_UPPER) if len(key) <= _LONGEST else ""


class Rank(enum.IntEnum):
    """Card ranks by face value (2 … A), then the two jokers.

    The value is the face number (J = 11 … A = 14); games define their own strength orders on
    top of this (see each game's ``order`` module).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def is_joker(self) -> bool:
        """Whether the rank is the small or the big joker."""
        return self >= Rank.SMALL_JOKER

    @property
    def text(self) -> str:
        """The rank's notation: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``, ``SJ``, ``BJ``."""
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A rank from its text: ``2``–``10``, ``T``, ``J``, ``Q``, ``K``, ``A``, ``SJ``, ``BJ``."""
        rank = _RANK_BY_TEXT.get(_fold(text))
        if rank is None:
            raise NotationError(f"not a rank: {quote(text)}; use 2-10 (or T), J, Q, K, A, SJ or BJ")
        return rank

    def __str__(self) -> str:
        return self.text


_RANK_TEXT = {r: str(int(r)) for r in Rank if r <= Rank.TEN} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.SMALL_JOKER: "SJ",
    Rank.BIG_JOKER: "BJ",
}
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": Rank.TEN}

#: The thirteen suited ranks, low to high by face value.
SUITED_RANKS = tuple(r for r in Rank if not r.is_joker)


@attrs.frozen(repr=False, order=False)
class Card:
    """One playing card. Jokers have ``suit = None``.

    Use :meth:`parse` or :meth:`from_index`; both return the shared instance.
    """

    rank: Rank
    suit: Suit | None

    SMALL_JOKER: ClassVar[Card]
    BIG_JOKER: ClassVar[Card]

    def __attrs_post_init__(self) -> None:
        if self.rank.is_joker != (self.suit is None):
            raise NotationError(f"a joker has no suit and every other card has one: {self.rank}")

    @property
    def index(self) -> int:
        """0–51 for suited cards (``suit * 13 + rank - 2``), 52 for SJ, 53 for BJ."""
        return card_index(self.rank, self.suit)

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker (it has no suit)."""
        return self.suit is None

    @staticmethod
    def from_index(index: int) -> Card:
        """The card in slot ``index`` (0–53) of a count vector, the inverse of :attr:`index`."""
        return _ALL[index]

    @staticmethod
    def parse(text: str) -> Card:
        """A card from notation such as ``10S``, ``th``, ``A♠``, ``sj``."""
        card = _BY_TEXT.get(_fold(text))
        if card is None:
            raise NotationError(
                f"not a card: {quote(text)}; write rank then suit (e.g. 10S, QH, A♦) or SJ/BJ"
            )
        return card

    def pretty(self) -> str:
        """Text with suit symbols, e.g. ``10♠``; jokers stay ``SJ``/``BJ``."""
        if self.suit is None:
            return self.rank.text
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank.text
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def card_index(rank: Rank, suit: Suit | None) -> int:
    """The slot of a card in a 54-entry count vector: ``suit * 13 + rank - 2`` for suited
    cards, 52 for the small joker, 53 for the big joker."""
    if suit is None:
        return 52 if rank == Rank.SMALL_JOKER else 53
    return int(suit) * 13 + int(rank) - 2


#: ``INDICES_OF_RANK[r]``: the count-vector slots of the cards of rank value ``r`` (♠ ♥ ♣ ♦ order;
#: one slot for a joker; empty for the unused values 0 and 1).
INDICES_OF_RANK: tuple[tuple[int, ...], ...] = tuple(
    ()
    if r < 2
    else (card_index(Rank(r), None),)
    if Rank(r).is_joker
    else tuple(card_index(Rank(r), suit) for suit in Suit)
    for r in range(17)
)


def _make_all() -> tuple[Card, ...]:
    cards = [Card(rank, suit) for suit in Suit for rank in SUITED_RANKS]
    cards += [Card(Rank.SMALL_JOKER, None), Card(Rank.BIG_JOKER, None)]
    assert [c.index for c in cards] == list(range(CARD_COUNT))
    return tuple(cards)


_ALL = _make_all()
Card.SMALL_JOKER = _ALL[52]
Card.BIG_JOKER = _ALL[53]


def _text_forms(card: Card) -> list[str]:
    """Every accepted spelling of a card (upper case): rank then suit letter or symbol, and the
    symbol-first form (``♠A``) that many people write."""
    if card.suit is None:
        return [card.rank.text]
    ranks = [card.rank.text] + (["T"] if card.rank == Rank.TEN else [])
    suit = card.suit
    return [r + s for r in ranks for s in (suit.letter, suit.symbol)] + [
        suit.symbol + r for r in ranks
    ]


_BY_TEXT: dict[str, Card] = {form: card for card in _ALL for form in _text_forms(card)}


def all_cards() -> tuple[Card, ...]:
    """The 54 distinct cards in index order."""
    return _ALL
