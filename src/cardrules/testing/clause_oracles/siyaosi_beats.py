"""What a group of 四幺四 cards forms and what beats what, from the card order (4A4-RANK-1 (Natural
order) to 4A4-RANK-4 (Level 2 promotes nothing)), the combinations (4A4-COMBO-1 (Only the listed
combinations exist) to 4A4-COMBO-9 (Straights without the level rank)) and the beating clauses
(4A4-BEAT-1 (Same kind, same size) to 4A4-BEAT-11 (Only a 4A4 bombs a double straight)).

Cards are texts: ``"10H"``, ``"QS"``, ``"SJ"`` (small joker), ``"BJ"`` (big joker). A combination
is a :class:`Combo`; :func:`classify` reads one from cards as seen by the seat that plays them, and
:func:`beats` says whether one combination beats another.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "NATURAL",
    "RUN_NAMES",
    "SUITS",
    "Combo",
    "beats",
    "classify",
    "promotes",
    "strength",
]

#: The ranks from low to high, 4A4-RANK-1 (Natural order): 3 … A, 2, small joker, big joker.
NATURAL = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ")
#: The suits, highest first, as 4A4-BEAT-8 (4A4 and its order) ranks one-suit 4A4s.
SUITS = ("S", "H", "C", "D")
#: The names of the straight kinds by cards per rank:
#: 4A4-COMBO-3 (Straight) and
#: 4A4-COMBO-5 (Double and triple straights);
#: wider runs exist only as chains,
#: 4A4-CHAIN-4 (The effective combination).
RUN_NAMES = {1: "straight", 2: "double-straight", 3: "triple-straight"}
_BLACK = frozenset("SC")


@dataclass(frozen=True)
class Combo:
    """One combination. ``kind`` is ``"single"``, ``"pair"``, ``"run"`` (every straight kind, and
    a chain on a straight), ``"bomb"`` (a chain on one rank too), ``"joker-bomb"`` or ``"4a4"``.
    ``width`` is the number of cards per rank, ``length`` the number of ranks. ``low`` is the
    rank's strength for singles, pairs and bombs (:func:`strength`) and the lowest rank's place in
    the straight order for runs. ``flush`` marks a flush straight, ``grade`` a 4A4's class (0
    mixed, 1 red, 2 black, then one suit ♦ 3, ♣ 4, ♥ 5, ♠ 6), ``four_threes`` a bomb of exactly
    four 3s."""

    kind: str
    width: int = 1
    length: int = 1
    low: int = 0
    flush: bool = False
    grade: int = 0
    four_threes: bool = False

    @property
    def name(self) -> str:
        """The combination's name as the clauses give it: ``"flush-straight"``,
        ``"double-straight"`` …; a chain run wider than three is ``"run-K"``."""
        if self.kind != "run":
            return self.kind
        if self.flush:
            return "flush-straight"
        return RUN_NAMES.get(self.width, f"run-{self.width}")


def _rank(card: str) -> str:
    """The rank of a card text: ``"10H"`` → ``"10"``, ``"SJ"`` → ``"SJ"``."""
    return card if card in ("SJ", "BJ") else card[:-1]


def _suit(card: str) -> str:
    """The suit of a card text (jokers have none: ``""``)."""
    return "" if card in ("SJ", "BJ") else card[-1]


def promotes(level_promotion: str, team: int, ruling: int | None) -> bool:
    """Whether level cards played by a seat of ``team`` rank above the 2, 4A4-RANK-2 (The level
    card): with no ruling team there is no level card; ``"ruling_team"`` promotes the ruling
    team's, ``"all"`` everyone's, ``"none"`` nobody's."""
    if ruling is None:
        return False
    if level_promotion == "all":
        return True
    return level_promotion == "ruling_team" and team == ruling


def strength(rank: str, level: str | None, promoted: bool) -> int:
    """A rank's strength in a single, pair or bomb, 4A4-RANK-1 (Natural order) and 4A4-RANK-2
    (The level card): twice its natural place, and a promoted level card one above the 2 (so
    below the small joker). At level 2 the promoted 2 is the 2, 4A4-RANK-4 (Level 2 promotes
    nothing)."""
    if promoted and rank == level and level != "2":
        return 2 * NATURAL.index("2") + 1
    return 2 * NATURAL.index(rank)


def _straight_place(rank: str, straight_floor: str) -> int | None:
    """A rank's place in straights, 4A4-COMBO-3 (Straight) and 4A4-RANK-3 (Straights ignore
    promotion): 3 … A by natural order, the 2 below the 3 only with floor 2, never a joker."""
    if rank == "2":
        return -1 if straight_floor == "2" else None
    if rank in ("SJ", "BJ"):
        return None
    return NATURAL.index(rank)


def _grade(cards: Iterable[str]) -> int:
    """A 4A4's class, 4A4-BEAT-8 (4A4 and its order): one suit (♠ > ♥ > ♣ > ♦) over one colour
    (black over red) over mixed."""
    suits = {_suit(c) for c in cards}
    if len(suits) == 1:
        return 3 + SUITS[::-1].index(suits.pop())
    if suits <= _BLACK:
        return 2
    if not suits & _BLACK:
        return 1
    return 0


def classify(
    cards: Iterable[str],
    *,
    level: str | None = None,
    promoted: bool = False,
    straight_floor: str = "3",
    flush_straights: bool = True,
    triple_straights: bool = True,
    min_tuple_run: int = 3,
    level_in_straights: bool = True,
) -> Combo | None:
    """The combination ``cards`` form when one seat plays them, or ``None`` (4A4-COMBO-1 (Only
    the listed combinations exist)). ``level`` is the ruling team's level rank (``None`` with no
    ruling team), ``promoted`` whether this seat's level cards rank above the 2
    (:func:`promotes`); the other keywords are the variant's switches.

    4A4-COMBO-2 (Single and pair): one card; two of one rank (two small or two big jokers too).
    4A4-COMBO-8 (4A4): exactly two 4s and one A, whatever the level. 4A4-COMBO-6 (Bomb): three or
    more of one rank. 4A4-COMBO-7 (Joker bomb): one small and one big joker. 4A4-COMBO-3
    (Straight), 4A4-COMBO-4 (Flush straight), 4A4-COMBO-5 (Double and triple straights): the same
    number of cards (1, 2 or 3) on each of consecutive ranks between the floor and the A, at least
    3 ranks for a straight and ``min_tuple_run`` for the others, a one-suit straight being a flush
    straight when ``flush_straights`` is on; 4A4-COMBO-9 (Straights without the level rank):
    without ``level_in_straights`` no straight holds the level rank."""
    hand = list(cards)
    if not hand:
        return None
    counts = Counter(_rank(c) for c in hand)
    if counts == Counter({"4": 2, "A": 1}):
        return Combo("4a4", width=3, grade=_grade(hand))
    if counts == Counter({"SJ": 1, "BJ": 1}):
        return Combo("joker-bomb", width=2)
    if len(counts) == 1:
        rank, n = next(iter(counts.items()))
        low = strength(rank, level, promoted)
        if n <= 2:
            return Combo("single" if n == 1 else "pair", width=n, low=low)
        return Combo("bomb", width=n, low=low, four_threes=rank == "3" and n == 4)
    widths = set(counts.values())
    if len(widths) != 1:
        return None
    width = widths.pop()
    places = [_straight_place(r, straight_floor) for r in counts]
    if any(p is None for p in places):
        return None
    if not level_in_straights and level is not None and level in counts:
        return None
    order = sorted(p for p in places if p is not None)
    if order != list(range(order[0], order[0] + len(order))):
        return None
    if width == 1:
        if len(order) < 3:
            return None
        flush = flush_straights and len({_suit(c) for c in hand}) == 1
        return Combo("run", width=1, length=len(order), low=order[0], flush=flush)
    if (width == 3 and not triple_straights) or width > 3 or len(order) < min_tuple_run:
        return None
    return Combo("run", width=width, length=len(order), low=order[0])


def beats(
    top: Combo,
    play: Combo,
    *,
    bomb_vs_straight: str = "width",
    double_beats_single_straight: bool = False,
    four_threes_beat_4a4: bool = True,
    bombs_beat_double_straights: bool = True,
) -> bool:
    """Whether ``play`` beats ``top``, each read by :func:`classify` for the seat that played it.

    4A4-BEAT-8 (4A4 and its order) and 4A4-BEAT-9 (Four 3s beat 4A4): a 4A4 beats everything but
    a higher 4A4 and, with ``four_threes_beat_4a4``, four 3s. 4A4-BEAT-7 (Joker bomb): the joker
    bomb beats every bomb and non-bomb. 4A4-BEAT-4 (Bomb against bomb): more cards, then the
    rank. 4A4-BEAT-5 (Bomb against the rest): a bomb beats singles and pairs, and runs of ``m``
    cards per rank with at least ``m + 2`` cards (``"width"``) or all (``"any"``). 4A4-BEAT-11
    (Only a 4A4 bombs a double straight): without ``bombs_beat_double_straights`` neither a bomb
    nor the joker bomb beats a double straight. 4A4-BEAT-1 (Same kind, same size): a higher single
    or pair. 4A4-BEAT-2 (Straights of every kind) and 4A4-BEAT-3 (Flush straights): a run of the
    same width and length with a higher lowest rank, a flush straight over a mixed one.
    4A4-BEAT-6 (Double straight over single straight): with ``double_beats_single_straight`` any
    double straight beats any single straight."""
    if play.kind == "4a4":
        if top.kind == "4a4":
            return play.grade > top.grade
        return not (top.four_threes and four_threes_beat_4a4)
    if top.kind == "4a4":
        return play.four_threes and four_threes_beat_4a4
    shielded = top.kind == "run" and top.width == 2 and not bombs_beat_double_straights
    if play.kind == "joker-bomb":
        return top.kind != "joker-bomb" and not shielded
    if top.kind == "joker-bomb":
        return False
    if play.kind == "bomb":
        if top.kind == "bomb":
            return (play.width, play.low) > (top.width, top.low)
        if top.kind in ("single", "pair"):
            return True
        if shielded:
            return False
        return bomb_vs_straight == "any" or play.width >= top.width + 2
    if top.kind == "bomb":
        return False
    if play.kind in ("single", "pair"):
        return play.kind == top.kind and play.low > top.low
    if play.kind != "run" or top.kind != "run":
        return False
    if play.width == top.width and play.length == top.length:
        if play.flush != top.flush:
            return play.flush
        return play.low > top.low
    return double_beats_single_straight and play.width == 2 and top.width == 1
