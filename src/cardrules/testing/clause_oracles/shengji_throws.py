"""Shengji throws and the kitty bonus, as the clauses word them: SJ-THROW-1 (What may be led),
SJ-UNIT-4 (How a throw splits into pieces), SJ-THROW-2 (When a throw stands), SJ-THROW-3 (A failed
throw), SJ-THROW-6 (Who wins a throw), SJ-THROW-7 (Ruffs of a throw compared), SJ-TRICK-5 (The
kitty bonus (抠底)), SJ-TRICK-6 (A plain last trick does not multiply) and SJ-TRICK-7 (The banker's
team keeps the kitty).

The model is the cards' texts (``"10H"``, ``"AS"``, ``"SJ"``, ``"BJ"``) under the default switches
of the four-deck preset: fixed 2s, ``tractor_lanes = "seed"``, ``off_suit_order = "suit"``,
tractors of at least two pairs. The lanes are SJ-UNIT-2 (Tractors and lanes)'s, the strength of a
card SJ-TRUMP-3 (The order of trumps)'s and SJ-TRUMP-4 (The order of a plain suit)'s; a piece is a
tuple or a tractor cut from one lane.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

__all__ = [
    "DECK",
    "MODES",
    "RANKS",
    "SUITS",
    "THROW_BEATS",
    "Profile",
    "ThrowPiece",
    "beaten_pieces",
    "cuts",
    "forced_piece",
    "is_trump",
    "keeps_structure",
    "kitty_bonus",
    "lanes",
    "multiplier",
    "points_in",
    "reaches_table",
    "ruff_beats",
    "split",
    "strength",
    "suit_of",
    "throw_stands",
    "throw_trick_winner",
]

#: the ranks from the lowest up, as card texts write them
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
#: the suits from the lowest up, SJ-TRUMP-3 (The order of trumps): ♠ above ♥ above ♣ above ♦
SUITS = ("D", "C", "H", "S")
JOKERS = ("SJ", "BJ")
#: the 54 different cards
DECK = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
#: the three ``kitty_multiplier`` modes, SJ-TRICK-5 (The kitty bonus (抠底))
MODES = ("power", "linear", "times")
#: the three ``throw_beat`` modes, SJ-THROW-7 (Ruffs of a throw compared)
THROW_BEATS = ("largest", "highest", "all")
#: the widest tuple: SJ-UNIT-1 (Tuples) — more copies count as a quad and the rest
WIDEST = 4
#: a tractor's least width and length (``tractor_min_width``, ``tractor_min_length``)
TRACTOR_WIDTH = 2
TRACTOR_LENGTH = 2


def _rank(card: str) -> str:
    return card[:-1]


def _suit(card: str) -> str:
    return card[-1]


def is_trump(card: str, level: str, trump: str | None) -> bool:
    """Whether ``card`` is a trump, SJ-TRUMP-2 (Which cards are trumps): a joker, any card of the
    level rank, any 2, any card of the trump suit (``None``: no-trump)."""
    if card in JOKERS:
        return True
    return _rank(card) in (level, "2") or _suit(card) == trump


def suit_of(card: str, level: str, trump: str | None) -> str:
    """The suit ``card`` follows: ``"T"`` for every trump, else its own suit letter."""
    return "T" if is_trump(card, level, trump) else _suit(card)


@functools.cache
def _trump_order(level: str, trump: str | None) -> tuple[str, ...]:
    """Every trump from the lowest up, SJ-TRUMP-3 (The order of trumps)."""
    others = [s for s in SUITS if s != trump]
    order: list[str] = []
    if trump is not None:
        order += [r + trump for r in RANKS if r not in ("2", level)]
    order += ["2" + s for s in others]
    if trump is not None:
        order.append("2" + trump)
    order += [level + s for s in others]
    if trump is not None:
        order.append(level + trump)
    order += ["SJ", "BJ"]
    seen: list[str] = []
    for card in order:  # at level 2 the L tiers are the 2 tiers: keep one place each
        if card not in seen:
            seen.append(card)
    return tuple(seen)


def strength(card: str, level: str, trump: str | None) -> int:
    """How strong ``card`` is within the suit it follows: its place from the lowest up in the
    trump order (SJ-TRUMP-3 (The order of trumps)) or in its plain suit, 3 … A without the level
    (SJ-TRUMP-4 (The order of a plain suit)). Cards of different plain suits are never compared."""
    if is_trump(card, level, trump):
        return _trump_order(level, trump).index(card)
    return [r for r in RANKS if r not in ("2", level)].index(_rank(card))


@functools.cache
def lanes(level: str, trump: str | None) -> tuple[tuple[str, ...], ...]:
    """The lanes, each low to high, SJ-UNIT-2 (Tractors and lanes) with ``tractor_lanes =
    "seed"``: each plain suit 3 … A without L; the trump suit 3 … A without L, then its 2, then its
    L (one place at level 2); for each other suit its 2 then its L (one place at level 2); the
    small joker then the big joker."""
    found: list[tuple[str, ...]] = []
    for s in SUITS:
        plain = tuple(r + s for r in RANKS if r not in ("2", level))
        tail = ("2" + s,) if level == "2" else ("2" + s, level + s)
        found.append(plain + tail if s == trump else plain)
        if s != trump:
            found.append(tail)
    found.append(JOKERS)
    return tuple(found)


class ThrowPiece(NamedTuple):
    """A piece of a lead: ``width`` copies of each card of ``cards``, consecutive places of one
    lane from the lowest up (a tuple has one card; a tractor two or more)."""

    width: int
    cards: tuple[str, ...]

    @property
    def length(self) -> int:
        """How many places the piece covers (1 for a tuple)."""
        return len(self.cards)

    @property
    def size(self) -> int:
        """How many cards the piece has."""
        return self.width * len(self.cards)

    @property
    def top(self) -> str:
        """The piece's highest card."""
        return self.cards[-1]

    def all_cards(self) -> list[str]:
        """The piece's cards, each copy listed."""
        return [c for c in self.cards for _ in range(self.width)]


def _windows(
    held: Counter[str], level: str, trump: str | None, width: int, length: int
) -> list[tuple[str, ...]]:
    """Every run of ``length`` consecutive lane places each held at least ``width`` times."""
    found = []
    for lane in lanes(level, trump):
        if sum(1 for c in lane if held[c] >= width) < length:
            continue  # too few places held: no run of this length (a shortcut)
        for start in range(len(lane) - length + 1):
            window = lane[start : start + length]
            if all(held[c] >= width for c in window):
                found.append(window)
    return found


def split(cards: Iterable[str], level: str, trump: str | None) -> list[ThrowPiece]:
    """The pieces of a one-suit set of cards, SJ-UNIT-4 (How a throw splits into pieces): while a
    tractor can be cut from the cards left, the longest (then the widest, then the highest top),
    cutting narrower tuples out of wider ones; then the tuples, widest first (then highest). One
    piece means a single combination (SJ-THROW-1 (What may be led)); more, a throw."""
    left = Counter(cards)
    suits = {suit_of(c, level, trump) for c in left}
    assert len(suits) == 1, "a lead is of one suit"
    pieces: list[ThrowPiece] = []
    while True:
        best: tuple[int, int, int, tuple[str, ...]] | None = None
        for length in range(TRACTOR_LENGTH, len(left) + 1):
            for width in range(TRACTOR_WIDTH, WIDEST + 1):
                for window in _windows(left, level, trump, width, length):
                    key = (length, width, strength(window[-1], level, trump), window)
                    if best is None or key[:3] > best[:3]:
                        best = key
        if best is None:
            break
        _, width, _, window = best
        pieces.append(ThrowPiece(width, window))
        left.subtract({c: width for c in window})
    tuples: list[ThrowPiece] = []
    for card, n in left.items():
        while n > 0:
            tuples.append(ThrowPiece(min(n, WIDEST), (card,)))
            n -= min(n, WIDEST)
    tuples.sort(key=lambda p: (p.width, strength(p.top, level, trump)), reverse=True)
    return pieces + tuples


def _beaten_by(
    piece: ThrowPiece, hand: Iterable[str], suit: str, level: str, trump: str | None
) -> bool:
    """Whether ``hand`` holds, in ``suit``, a piece of ``piece``'s width and length with a higher
    top (cut from wider holdings if need be), SJ-ORDER-3 (Same shape: the higher top)."""
    held = Counter(c for c in hand if suit_of(c, level, trump) == suit)
    top = strength(piece.top, level, trump)
    return any(
        strength(window[-1], level, trump) > top
        for window in _windows(held, level, trump, piece.width, piece.length)
    )


def beaten_pieces(
    throw: Sequence[str], others: Sequence[Sequence[str]], level: str, trump: str | None
) -> list[ThrowPiece]:
    """The pieces of ``throw`` that one of ``others`` (every other seat's hand, the partner's
    too) can beat with a piece of the same shape in the thrown suit, SJ-THROW-2 (When a throw
    stands); trumps held against a plain throw do not count."""
    suit = suit_of(throw[0], level, trump)
    return [
        piece
        for piece in split(throw, level, trump)
        if any(_beaten_by(piece, hand, suit, level, trump) for hand in others)
    ]


def throw_stands(
    throw: Sequence[str], others: Sequence[Sequence[str]], level: str, trump: str | None
) -> bool:
    """Whether the throw stands, SJ-THROW-2 (When a throw stands): no other seat can beat any of
    its pieces."""
    return not beaten_pieces(throw, others, level, trump)


def forced_piece(
    throw: Sequence[str], others: Sequence[Sequence[str]], level: str, trump: str | None
) -> ThrowPiece | None:
    """The piece a failed throw leads, SJ-THROW-3 (A failed throw): among the beaten pieces the
    smallest — fewest cards, then the narrower, then the lowest; ``None`` when the throw stands."""
    beaten = beaten_pieces(throw, others, level, trump)
    if not beaten:
        return None
    return min(beaten, key=lambda p: (p.size, p.width, strength(p.top, level, trump)))


def reaches_table(
    lead: Sequence[str], others: Sequence[Sequence[str]], level: str, trump: str | None
) -> list[str]:
    """The cards a lead puts on the table, sorted: all of it when it is a single combination or a
    throw that stands, else the forced piece's cards (SJ-THROW-1 (What may be led), SJ-THROW-3 (A
    failed throw))."""
    if len(split(lead, level, trump)) == 1:
        return sorted(lead)
    forced = forced_piece(lead, others, level, trump)
    return sorted(lead if forced is None else forced.all_cards())


def points_in(cards: Iterable[str]) -> int:
    """The points ``cards`` carry, SJ-TABLE-4 (Point cards): 5 for a 5, 10 for a 10 or a K."""
    values = {"5": 5, "10": 10, "K": 10}
    return sum(values.get(_rank(c), 0) for c in cards if c not in JOKERS)


def multiplier(k: int, mode: str) -> int:
    """The kitty's multiplier for a largest piece of ``k`` cards, SJ-TRICK-5 (The kitty bonus
    (抠底)): ``2**k`` with ``"power"``, ``k`` with ``"linear"``, ``2 * k`` with ``"times"``."""
    if mode == "power":
        return int(2**k)
    if mode == "linear":
        return k
    if mode == "times":
        return 2 * k
    raise ValueError(mode)


def kitty_bonus(
    led: Sequence[ThrowPiece] | Sequence[int],
    *,
    attackers_won: bool,
    by_trumps: bool,
    points: int,
    mode: str,
) -> int:
    """The points the kitty adds to the attackers' at the end of the round.

    ``led`` is what the last trick's lead put on the table (its pieces, or their sizes; after a
    failed throw, the forced piece alone); ``points`` the kitty's points. The banker's team winning
    the last trick keeps the kitty: 0 (SJ-TRICK-7 (The banker's team keeps the kitty)); the
    attackers winning it with plain cards take it once (SJ-TRICK-6 (A plain last trick does not
    multiply)); with trumps — a trump lead or a ruff — multiplied by the mode's factor for the
    cards of the lead's largest piece (SJ-TRICK-5 (The kitty bonus (抠底)))."""
    if not attackers_won:
        return 0
    if not by_trumps:
        return points
    sizes = [p if isinstance(p, int) else p.size for p in led]
    return points * multiplier(max(sizes), mode)


# ---------------------------------------------------------------- ruffs of a throw

#: a cut of a ruff into a throw's pieces: for each shape of the throw's pieces of two cards or
#: more (narrowest, then shortest first), the strengths of the tops of the ruff's pieces of that
#: shape, strongest first; last, the strengths of the single cards left, strongest first
Profile = tuple[tuple[int, ...], ...]


def cuts(ruff: Sequence[str], throw: Sequence[str], level: str, trump: str | None) -> set[Profile]:
    """Every way to cut ``ruff`` into the pieces of ``throw`` (SJ-UNIT-4 (How a throw splits into
    pieces)), each piece a run of one lane cut from the cards left (narrower out of wider), the
    cards left over the throw's singles; as profiles, the pieces of each shape and the singles
    listed strongest first (SJ-THROW-7 (Ruffs of a throw compared) pairs them so). Empty when
    ``ruff`` cannot be cut so."""
    if len(ruff) != len(throw):
        return set()
    wanted = sorted((p.width, p.length) for p in split(throw, level, trump) if p.width > 1)
    kinds = sorted(set(wanted))
    left = Counter(ruff)
    placed: list[tuple[tuple[int, int], int]] = []
    found: set[Profile] = set()

    def place(k: int, floor: tuple[str, ...]) -> None:
        if k == len(wanted):
            tops = [
                tuple(sorted((t for s, t in placed if s == kind), reverse=True)) for kind in kinds
            ]
            singles = sorted((strength(c, level, trump) for c in left.elements()), reverse=True)
            found.add((*tops, tuple(singles)))
            return
        width, length = wanted[k]
        for window in _windows(left, level, trump, width, length):
            if window < floor:
                continue  # pieces of one shape are taken in one order: each cut once
            left.subtract({c: width for c in window})
            placed.append((wanted[k], strength(window[-1], level, trump)))
            same = k + 1 < len(wanted) and wanted[k + 1] == wanted[k]
            place(k + 1, window if same else ())
            placed.pop()
            left.update({c: width for c in window})

    place(0, ())
    return found


def keeps_structure(
    play: Sequence[str], throw: Sequence[str], level: str, trump: str | None
) -> bool:
    """Whether ``play`` ruffs the plain ``throw``, SJ-ORDER-4 (Throws are beaten only by ruffs that
    keep their structure): as many cards, all trumps, and they can be cut into the throw's
    pieces."""
    return all(is_trump(c, level, trump) for c in play) and bool(cuts(play, throw, level, trump))


def ruff_beats(
    standing: Sequence[str],
    later: Sequence[str],
    throw: Sequence[str],
    level: str,
    trump: str | None,
    mode: str,
) -> bool:
    """Whether the ruff ``later`` beats the ruff ``standing`` of the plain ``throw`` (both keep
    its structure), as ``throw_beat = mode`` says, SJ-THROW-7 (Ruffs of a throw compared):

    * ``"largest"``: the strongest piece of the throw's biggest shape (most cards, then widest)
      cut from each, compared by their tops (SJ-THROW-6 (Who wins a throw), SJ-ORDER-4 (Throws
      are beaten only by ruffs that keep their structure));
    * ``"highest"``: the highest card of each;
    * ``"all"``: both cut into the throw's pieces, the pieces of each shape and the singles left
      paired strongest with strongest; ``later`` wins when, however ``standing`` is cut, some cut
      of ``later`` beats each partner (a higher top, a higher card).

    An equal ruff never beats. The 4,096 cuts past which ``"all"`` gives way to ``"largest"`` are
    not modelled: the ruffs asked about here have a handful of cuts."""

    def power(c: str) -> int:
        return strength(c, level, trump)

    if mode == "highest":
        return max(map(power, later)) > max(map(power, standing))
    if mode == "largest":
        biggest = max(split(throw, level, trump), key=lambda p: (p.size, p.width))

        def best(ruff: Sequence[str]) -> int:
            runs = _windows(Counter(ruff), level, trump, biggest.width, biggest.length)
            return max((power(w[-1]) for w in runs), default=-1)

        return best(later) > best(standing)
    if mode == "all":
        mine, theirs = cuts(later, throw, level, trump), cuts(standing, throw, level, trump)

        def beats_each(a: Profile, b: Profile) -> bool:
            return all(
                x > y for xs, ys in zip(a, b, strict=True) for x, y in zip(xs, ys, strict=True)
            )

        return all(any(beats_each(a, b) for a in mine) for b in theirs)
    raise ValueError(mode)


def throw_trick_winner(
    throw: Sequence[str],
    follows: Sequence[Sequence[str]],
    level: str,
    trump: str | None,
    mode: str,
) -> int:
    """Who wins a trick led by a plain ``throw`` that stands, the ``follows`` played after it in
    turn: ``0`` for the thrower, ``i`` for the ``i``-th follow. SJ-THROW-6 (Who wins a throw): the
    throw wins unless a play ruffs it (keeps its structure in trumps); a later ruff beats the ruff
    standing only if it is higher, as SJ-THROW-7 (Ruffs of a throw compared) says."""
    best = 0
    for i, play in enumerate(follows, start=1):
        if not keeps_structure(play, throw, level, trump):
            continue
        if best == 0 or ruff_beats(follows[best - 1], play, throw, level, trump, mode):
            best = i
    return best
