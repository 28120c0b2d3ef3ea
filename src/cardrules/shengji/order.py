"""Trumps, card strength, suit keys and tractor lanes of one round: SJ-TRUMP-1 (The round's level
and trump suit), SJ-TRUMP-2 (Which cards are trumps), SJ-TRUMP-3 (The order of trumps),
SJ-TRUMP-4 (The order of a plain suit), SJ-TRUMP-5 (Identical cards); lanes SJ-UNIT-2 (Tractors
and lanes).

A :class:`Table` is fixed by the variant, the round's level rank L and the trump suit (or
``None`` for no-trump). Everything a rule asks about a card — is it a trump, which suit does it
follow, how strong is it, where does it sit in a tractor lane, how many points does it carry — is a
lookup in a 54-entry table indexed by :attr:`Card.index`, built once per context and cached by
:func:`trump_context`.

Strength is an ``int``, higher = stronger. Plain cards use their face value (3 … 14 for A, 2 when
``fixed_twos`` is off); every trump is above 100, so "a trump beats a plain card" is also a
strength comparison. Strength only orders cards of the same suit key: plain cards of different
suits never beat each other, SJ-ORDER-1 (What can be compared), whatever their numbers say.
"""

from __future__ import annotations

import functools

import attrs

from cardrules.cards import CARD_COUNT, Card, Rank, Suit, all_cards, card_index
from cardrules.errors import PositionError
from cardrules.implements import implements
from cardrules.limits import quote
from cardrules.shengji.variant import FollowProtection, OffSuitOrder, TractorLanes, Variant

__all__ = [
    "MAX_WIDTH",
    "TRUMP",
    "Lane",
    "Table",
    "trump_context",
]

#: The suit key of every trump (plain suits are 0–3, the :class:`Suit` values).
TRUMP = 4

#: The widest tuple a piece may have: a quad (四条). With more than four decks, five or more
#: identical cards are a quad plus the rest, SJ-UNIT-1 (Tuples) (seed silent).
MAX_WIDTH = 4

#: One tractor lane: positions low → high; each position lists the card indices that sit on it
#: (one card in ``tractor_lanes = "seed"``; the classic lane puts all level cards on one position).
Lane = tuple[tuple[int, ...], ...]

_SUIT_TIER = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.CLUBS: 1, Suit.DIAMONDS: 0}


@attrs.frozen(eq=False, repr=False)
class Table:
    """Card order of one round. Build with :func:`trump_context` (cached).

    Tables (tuples indexed by :attr:`Card.index`): ``suit_keys``, ``strengths``, ``lane_ids``,
    ``lane_positions``, ``point_table``; ``cards_of_suit[k]`` lists the card indices of suit key
    ``k`` (0–3 plain, :data:`TRUMP`). ``lanes`` lists every lane; ``lanes_of_suit[k]`` the lane ids
    whose cards follow suit key ``k``; ``min_width`` and ``min_length`` bound a tractor's shape.
    """

    variant: Variant
    level: Rank
    trump: Suit | None
    decks: int
    suit_keys: tuple[int, ...]
    strengths: tuple[int, ...]
    lane_ids: tuple[int, ...]
    lane_positions: tuple[int, ...]
    lanes: tuple[Lane, ...]
    lanes_of_suit: tuple[tuple[int, ...], ...]
    point_table: tuple[int, ...]
    #: ``cards_of_suit[k]``: the card indices that follow suit key ``k``, ascending.
    cards_of_suit: tuple[tuple[int, ...], ...]
    #: The narrowest tuples and the fewest of them a tractor takes (``tractor_min_width``,
    #: ``tractor_min_length``), SJ-UNIT-6 (How wide and long a tractor is).
    min_width: int
    min_length: int
    #: What shapes a follow ladder names, ``(min_width, min_length, tractor_only, suit_only)``:
    #: SJ-FOLLOW-9 (Only tractors draw tractors), SJ-FOLLOW-10 (Only the suit is owed).
    ladder_rule: tuple[int, int, bool, bool]
    #: Whether only exact holdings are owed (保护), SJ-FOLLOW-8 (Protected holdings).
    protect_longer: bool

    # ------------------------------------------------------------------ per-card lookups
    def is_trump(self, card: Card) -> bool:
        """SJ-TRUMP-2 (Which cards are trumps): jokers, every level card, every 2
        (``fixed_twos``), the trump suit."""
        return self.suit_keys[card.index] == TRUMP

    def suit_key(self, card: Card) -> int:
        """0–3 for a plain card (its :class:`Suit`), :data:`TRUMP` (4) for every trump."""
        return self.suit_keys[card.index]

    def strength(self, card: Card) -> int:
        """Higher = stronger, SJ-TRUMP-3 (The order of trumps), SJ-TRUMP-4 (The order of a
        plain suit); ties only under ``off_suit_order = "equal"``."""
        return self.strengths[card.index]

    def lane(self, card: Card) -> int:
        """The id of the tractor lane the card sits in (an index into :attr:`lanes`)."""
        return self.lane_ids[card.index]

    def lane_position(self, card: Card) -> tuple[int, int]:
        """``(lane id, position)``: two tuples form a tractor step when they share the lane and
        their positions differ by one, SJ-UNIT-2 (Tractors and lanes)."""
        return self.lane_ids[card.index], self.lane_positions[card.index]

    def points(self, card: Card) -> int:
        """Points the card carries (``point_values``), SJ-TABLE-4 (Point cards)."""
        return self.point_table[card.index]

    def describe(self) -> str:
        """The context in words: ``level 5, trump ♥`` or ``level 5, no trump``."""
        trump = "no trump" if self.trump is None else f"trump {self.trump.symbol}"
        return f"level {self.level}, {trump}"

    def __repr__(self) -> str:
        return f"<Table {self.describe()}, {self.variant.name}>"


@implements("SJ-TRUMP-2", "SJ-TRUMP-3", "SJ-TRUMP-4")
def _strengths(variant: Variant, level: Rank, trump: Suit | None) -> tuple[list[int], list[int]]:
    keys = [0] * CARD_COUNT
    strength = [0] * CARD_COUNT
    equal = variant.off_suit_order is OffSuitOrder.EQUAL
    twos = variant.fixed_twos and level != Rank.TWO
    for card in all_cards():
        i = card.index
        if card.suit is None:
            keys[i] = TRUMP
            strength[i] = 141 if card.rank == Rank.BIG_JOKER else 140
            continue
        tier = 0 if equal else _SUIT_TIER[card.suit]
        if card.rank == level:
            keys[i] = TRUMP
            strength[i] = 135 if card.suit == trump else 130 + tier
        elif card.rank == Rank.TWO and twos:
            keys[i] = TRUMP
            strength[i] = 125 if card.suit == trump else 120 + tier
        elif card.suit == trump:
            keys[i] = TRUMP
            strength[i] = 100 + int(card.rank)
        else:
            keys[i] = int(card.suit)
            strength[i] = int(card.rank)
    return keys, strength


@implements("SJ-UNIT-2")
def _lanes_seed(variant: Variant, level: Rank, trump: Suit | None) -> list[tuple[int, Lane]]:
    """SJ-UNIT-2 (Tractors and lanes): the default lanes as ``(suit key, lane)``."""
    twos = variant.fixed_twos and level != Rank.TWO
    face = [r for r in Rank if not r.is_joker and r != level and not (r == Rank.TWO and twos)]
    out: list[tuple[int, Lane]] = []
    for suit in Suit:
        run = [(card_index(r, suit),) for r in face]
        if suit == trump:
            if twos:
                run.append((card_index(Rank.TWO, suit),))
            run.append((card_index(level, suit),))
            out.append((TRUMP, tuple(run)))
        else:
            out.append((int(suit), tuple(run)))
            level_lane = [(card_index(Rank.TWO, suit),)] if twos else []
            level_lane.append((card_index(level, suit),))
            out.append((TRUMP, tuple(level_lane)))
    out.append((TRUMP, ((52,), (53,))))
    return out


@implements("SJ-UNIT-5")
def _lanes_classic(variant: Variant, level: Rank, trump: Suit | None) -> list[tuple[int, Lane]]:
    """``tractor_lanes = "classic"``: plain lanes as in "seed"; one trump lane: the trump suit, then
    every 2 as one position (``fixed_twos``), every level card as one position, SJ, BJ."""
    twos = variant.fixed_twos and level != Rank.TWO
    face = [r for r in Rank if not r.is_joker and r != level and not (r == Rank.TWO and twos)]
    out: list[tuple[int, Lane]] = []
    trump_lane: list[tuple[int, ...]] = []
    for suit in Suit:
        run: list[tuple[int, ...]] = [(card_index(r, suit),) for r in face]
        if suit == trump:
            trump_lane = run
        else:
            out.append((int(suit), tuple(run)))
    if twos:
        trump_lane.append(tuple(card_index(Rank.TWO, s) for s in Suit))
    trump_lane.append(tuple(card_index(level, s) for s in Suit))
    trump_lane += [(52,), (53,)]
    out.append((TRUMP, tuple(trump_lane)))
    return out


def trump_context(variant: Variant, level: Rank, trump: Suit | None) -> Table:
    """The (cached, shared) card order for a round at ``level`` with ``trump`` (``None``:
    no-trump)."""
    if not isinstance(variant, Variant):
        raise PositionError(
            f"a shengji Variant is needed, got {type(variant).__name__}", key="variant"
        )
    if not isinstance(level, Rank) or level.is_joker:
        raise PositionError(f"a level is a rank 2 … A, not {quote(level)}", key="levels")
    if trump is not None and not isinstance(trump, Suit):
        raise PositionError(f"a trump is a suit or None, not {quote(trump)}", key="trump")
    return _context(variant, level, trump)


@functools.lru_cache(maxsize=256)
def _context(variant: Variant, level: Rank, trump: Suit | None) -> Table:
    keys, strength = _strengths(variant, level, trump)
    make = _lanes_classic if variant.tractor_lanes is TractorLanes.CLASSIC else _lanes_seed
    lanes = make(variant, level, trump)
    lane_ids = [-1] * CARD_COUNT
    lane_pos = [-1] * CARD_COUNT
    by_suit: list[list[int]] = [[] for _ in range(5)]
    for lane_id, (key, lane) in enumerate(lanes):
        by_suit[key].append(lane_id)
        for pos, cards in enumerate(lane):
            for i in cards:
                assert keys[i] == key, (i, key)
                lane_ids[i] = lane_id
                lane_pos[i] = pos
    assert -1 not in lane_ids
    values = dict(variant.point_values)
    points = [0 if c.is_joker else values.get(c.rank.text, 0) for c in all_cards()]
    return Table(
        variant=variant,
        level=level,
        trump=trump,
        decks=variant.decks,
        suit_keys=tuple(keys),
        strengths=tuple(strength),
        lane_ids=tuple(lane_ids),
        lane_positions=tuple(lane_pos),
        lanes=tuple(lane for _, lane in lanes),
        lanes_of_suit=tuple(tuple(ids) for ids in by_suit),
        point_table=tuple(points),
        cards_of_suit=tuple(tuple(i for i in range(CARD_COUNT) if keys[i] == k) for k in range(5)),
        min_width=variant.tractor_min_width,
        min_length=variant.tractor_min_length,
        ladder_rule=(
            variant.tractor_min_width,
            variant.tractor_min_length,
            variant.follow_protection in _TRACTOR_ONLY,
            variant.follow_protection is FollowProtection.SUIT_ONLY,
        ),
        protect_longer=variant.follow_protection in _LONGER,
    )


_P = FollowProtection
_TRACTOR_ONLY = (_P.TRACTOR_ONLY, _P.LONGER_TUPLES_TRACTOR_ONLY)
_LONGER = (_P.LONGER_TUPLES, _P.LONGER_TUPLES_TRACTOR_ONLY)
