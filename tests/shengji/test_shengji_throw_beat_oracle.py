"""Ruffs of a plain throw compared, against an oracle written from the clause — SJ-THROW-6 (Who
wins a throw), SJ-THROW-7 (Ruffs of a throw compared), SJ-ORDER-4 (Throws are beaten only by
ruffs that keep their structure) — and the names a player reads for the pieces, SJ-UNIT-4 (How a
throw splits into pieces).

:mod:`cardrules.testing.clause_oracles.shengji_throws` cuts a ruff into a throw's pieces and
compares two ruffs under each ``throw_beat`` only as the clause words it, and imports nothing of
``cardrules.shengji``. The engine is driven through its public :class:`~cardrules.shengji.State`:
a plain throw that stands is led, two seats void in its suit play trumps (most often of the
throw's structure), the last seat discards, and the seat the engine says won the trick is
compared with the oracle's, in the three modes. Fixed examples check the bound of 4,096 cuts
past which ``"all"`` gives way to ``"largest"`` (SJ-THROW-7's seed-silent paragraph), and the
words of :func:`~cardrules.shengji.combos.piece_name` and
:meth:`~cardrules.shengji.combos.Piece.describe`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji import Move, State, Variant, load_variant
from cardrules.shengji.combos import classify, piece_name
from cardrules.shengji.order import trump_context
from cardrules.testing.clause_oracles.shengji_throws import (
    RANKS,
    SUITS,
    THROW_BEATS,
    cuts,
    is_trump,
    keeps_structure,
    lanes,
    ruff_beats,
    split,
    strength,
    throw_trick_winner,
)

FOUR = load_variant("four-deck")
assert isinstance(FOUR, Variant)
VARIANTS = {mode: FOUR.replace(throw_beat=mode) for mode in THROW_BEATS}
COPIES = 4  # four decks


def cs(text: str) -> list[str]:
    """The card texts of a line (``"AS AS KS"``)."""
    return text.split()


def cards(texts: Sequence[str]) -> Cards:
    """The multiset of the texts."""
    return Cards.parse(" ".join(texts))


def trick_winner(
    mode: str, level: str, trump: str | None, plays: Sequence[Sequence[str]], banker: int = 0
) -> int:
    """The seat the engine says wins a trick in which seats 0, 1, 2, 3 play ``plays`` in turn,
    each holding just its play, under ``throw_beat = mode``."""
    now = State(
        variant=VARIANTS[mode],
        levels=(Rank.parse(level), Rank.parse(level)),
        trump=None if trump is None else Suit.parse(trump),
        banker=banker,
        hands=tuple(cards(p) for p in plays),
        kitty=Cards.parse(""),
        leader=0,
    )
    for seat, play in enumerate(plays):
        now = now.apply(Move(seat, cards=cards(play)))
    assert not now.trick and now.last_winner is not None
    return now.last_winner


# ---------------------------------------------------------------- the words a player reads


@pytest.mark.parametrize(
    ("width", "length", "words"),
    [
        (1, 1, "single"),
        (2, 1, "pair"),
        (3, 1, "triple"),
        (4, 1, "quad"),
        (2, 2, "tractor of 2 pairs"),
        (2, 3, "tractor of 3 pairs"),
        (3, 2, "tractor of 2 triples"),
        (4, 4, "tractor of 4 quads"),
        (5, 1, "5 of a kind"),  # wider than any piece (SJ-UNIT-1 (Tuples)): plain words
        (5, 2, "tractor of 2 5s"),
    ],
)
def test_a_shape_s_name(width: int, length: int, words: str) -> None:
    """The name of a shape in the follow rule's reasons and the move listing."""
    assert piece_name(width, length) == words


def test_a_throw_s_pieces_in_words() -> None:
    """SJ-UNIT-4 (How a throw splits into pieces): each piece in words with its cards, in the
    canonical order — the longest tractor, then tuples from the widest down."""
    ctx = trump_context(FOUR, Rank.TWO, Suit.HEARTS)
    throw = classify(Cards.parse("7S 7S 7S 7S 8S 8S 9S 9S 3S KS KS KS"), ctx)
    assert throw is not None and throw.is_throw
    assert [p.describe() for p in throw.pieces] == [
        "tractor of 3 pairs 7♠ 7♠ 8♠ 8♠ 9♠ 9♠",
        "triple K♠ K♠ K♠",
        "pair 7♠ 7♠",
        "single 3♠",
    ]
    jokers = classify(Cards.parse("BJ SJ BJ SJ"), ctx)
    assert jokers is not None and jokers.piece.describe() == "tractor of 2 pairs SJ SJ BJ BJ"
    quad = classify(Cards.parse("AH AH AH AH"), ctx)
    assert quad is not None and quad.piece.describe() == "quad A♥ A♥ A♥ A♥"


# ---------------------------------------------------------------- the oracle on the clause's words


def test_the_oracle_compares_as_the_clause_says() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared) at level 2, ♥ trump, on a thrown pair and single
    (the positions of ``spec/cases/shengji/house.toml``) and on a pair and two singles."""
    throw = cs("AS AS KS")

    def beats(standing: str, later: str, mode: str, lead: list[str] = throw) -> bool:
        return ruff_beats(cs(standing), cs(later), lead, "2", "H", mode)

    assert beats("3H 3H AH", "5H 5H 4H", "largest")  # the pair decides
    assert not beats("3H 3H AH", "5H 5H 4H", "all")  # 4♥ does not beat A♥
    assert not beats("3H 3H AH", "5H 5H 4H", "highest")  # A♥ is the highest card
    assert beats("5H 5H 4H", "3H 3H AH", "highest")
    assert beats("3H 3H 3H", "4H 4H 4H", "all")  # each triple cut into a pair and a single
    for mode in THROW_BEATS:  # an equal ruff never beats
        assert not beats("5H 5H 4H", "5H 5H 4H", mode)
    two = cs("AS AS KS QS")
    # the singles left are paired strongest with strongest: 5 with 9, 4 with 8
    assert not beats("3H 3H 9H 8H", "AH AH 5H 4H", "all", two)
    assert beats("3H 3H 9H 8H", "AH AH 5H 4H", "largest", two)
    # 8♥ 8♥ 5♥ 5♥ can be cut with either pair: the cut with 5♥ 5♥ as the pair wins
    five, eight = strength("5H", "2", "H"), strength("8H", "2", "H")
    assert cuts(cs("8H 8H 5H 5H"), two, "2", "H") == {
        ((eight,), (five, five)),
        ((five,), (eight, eight)),
    }
    assert beats("4H 4H 7H 3H", "8H 8H 5H 5H", "all", two)
    # however the standing ruff is cut, the later one has a cut that beats it
    assert beats("6H 6H 9H 9H", "10H 10H 7H 7H", "all", two)
    assert not beats("6H 6H 9H 9H", "8H 8H 7H 7H", "all", two)
    # pairs paired strongest with strongest: 10 with 9, 4 with 3; A with 9 but 3 with 4 loses
    pairs = cs("AS AS QS QS")
    assert beats("3H 3H 9H 9H", "4H 4H 10H 10H", "all", pairs)
    assert not beats("4H 4H 9H 9H", "AH AH 3H 3H", "all", pairs)
    assert beats("4H 4H 9H 9H", "AH AH 3H 3H", "largest", pairs)
    # the structure: two pairs are not ruffed by a pair and two singles; the joker pair counts
    assert not keeps_structure(cs("3H 3H 5H 7H"), pairs, "2", "H")
    assert keeps_structure(cs("BJ BJ 3H"), throw, "2", "H")
    assert not keeps_structure(cs("BJ BJ 3S"), throw, "2", "H")


# ---------------------------------------------------------------- ruffs against the engine

#: the shapes of a throw's pieces: (width, length)
SHAPES = (
    *[(2, 1)] * 3,
    *[(1, 1)] * 3,
    *[(2, 2)] * 2,
    (3, 1),
    (4, 1),
    (3, 2),
    (2, 3),
)
#: the shapes of a small throw's pieces
SMALL_SHAPES = ((2, 1), (2, 1), (1, 1), (1, 1), (1, 1), (2, 2))

Situation = tuple[str, str | None, int, list[list[str]]]


@st.composite
def ruffed_throws(draw: st.DrawFn, small: bool = False) -> Situation:
    """A level, a trump, a banker and the four plays of a trick. Seat 0 throws two or three
    pieces (``small``: pairs, singles and tractors of two pairs, two to four pieces) of one plain
    suit, a place apart on its lane; nobody else holds that suit, so the throw stands. Seats 1
    and 2 play trumps: most often a run of each of the throw's pieces of two cards or more on a
    trump lane and a trump for each single, near one another so that they often tie or nearly so
    (now and then a copy of a card is swapped for another trump, which may break the structure);
    else (always when ``small``) any trumps of two to four neighbouring places, which cut several
    ways, or not into the throw's pieces at all. Seat 3 discards cards of another plain suit."""
    level = draw(st.sampled_from(RANKS))
    trump = draw(st.sampled_from((*SUITS, *SUITS, None)))
    plain = [s for s in SUITS if s != trump]
    suit = draw(st.sampled_from(plain))
    other = draw(st.sampled_from([s for s in plain if s != suit]))

    def lane_of(s: str) -> tuple[str, ...]:
        (lane,) = [
            ln for ln in lanes(level, trump) if ln[0][-1] == s and not is_trump(ln[0], level, trump)
        ]
        return lane

    lane = lane_of(suit)
    if small:
        shapes = draw(st.lists(st.sampled_from(SMALL_SHAPES), min_size=2, max_size=4))
    else:
        shapes = draw(st.lists(st.sampled_from(SHAPES), min_size=2, max_size=3))
    slack = len(lane) - sum(length for _, length in shapes) - (len(shapes) - 1)
    assume(slack >= 0)
    throw: list[str] = []
    place = 0
    for width, length in shapes:
        skip = draw(st.integers(0, slack))
        slack -= skip
        place += skip
        throw += [c for c in lane[place : place + length] for _ in range(width)]
        place += length + 1
    trump_lanes = [ln for ln in lanes(level, trump) if is_trump(ln[0], level, trump)]
    longest = max(trump_lanes, key=len)
    rng = random.Random(draw(st.integers(0, 2**32)))
    used: Counter[str] = Counter()
    centre = rng.randrange(len(longest))
    ruffs: list[list[str]] = []
    every = [c for ln in trump_lanes for c in ln]
    for _ in range(2):
        ruff: list[str] = []
        if small or rng.random() < 0.3:  # any trumps of a few places of the longest lane
            places = rng.choice((2, 3, 4))
            near = min(max(0, centre + rng.randint(-1, 1)), max(0, len(longest) - places))
            window = longest[near : near + places]
            for _ in range(len(throw)):
                room = [c for c in window if used[c] < COPIES]
                assume(room)
                ruff.append(rng.choice(room))
                used[ruff[-1]] += 1
            ruffs.append(ruff)
            continue
        for width, length in sorted(shapes, reverse=True):  # the singles last
            fits = [ln for ln in trump_lanes if len(ln) >= length]
            assume(fits)
            if width == 1:  # a single: a copy of the last card, near the centre, any trump
                fits = [tuple(every)]
                again = [c for c in ruff[-1:] if used[c] < COPIES]
                if again and rng.random() < 0.5:
                    fits = [(rng.choice(again),)]
            for _ in range(20):  # a run with copies left, most often near the centre
                ln = rng.choice(fits)
                if len(fits[0]) > 1 and rng.random() < 0.7 and len(longest) >= length:
                    ln = longest
                near = min(max(0, centre + rng.randint(-1, 1)), len(ln) - length)
                start = near if ln is longest else rng.randrange(len(ln) - length + 1)
                run = [c for c in ln[start : start + length] for _ in range(width)]
                if all(used[c] + n <= COPIES for c, n in Counter(run).items()):
                    break
            else:
                assume(False)
            used.update(run)
            ruff += run
        held = Counter(ruff)
        doubled = [c for c, n in held.items() if n > 1]
        fresh = [c for c in every if used[c] < COPIES and c not in held]
        if doubled and fresh and rng.random() < 0.2:  # one copy for another trump: may break
            gone = rng.choice(doubled)
            added = rng.choice(fresh)
            ruff.remove(gone)
            ruff.append(added)
            used[gone] -= 1
            used[added] += 1
        ruffs.append(ruff)
    pile = [c for c in lane_of(other) for _ in range(COPIES)]
    discard = rng.sample(pile, len(throw))
    return level, trump, draw(st.integers(0, 3)), [throw, *ruffs, discard]


@settings(max_examples=200, deadline=None)
@given(st.one_of(ruffed_throws(), ruffed_throws(small=True)))
def test_the_trick_goes_where_the_clause_says(situation: Situation) -> None:
    """SJ-THROW-6 (Who wins a throw), SJ-THROW-7 (Ruffs of a throw compared): a plain throw that
    stands, two ruffs (or plays that fail to keep its structure, SJ-ORDER-4 (Throws are beaten
    only by ruffs that keep their structure)) and a discard; the trick's winner under each
    ``throw_beat`` is the oracle's."""
    level, trump, banker, plays = situation
    throw, first, second, _ = plays
    assert len(split(throw, level, trump)) > 1
    verdicts = {}
    for mode in THROW_BEATS:
        expected = throw_trick_winner(throw, plays[1:], level, trump, mode)
        got = trick_winner(mode, level, trump, plays, banker)
        assert got == expected, (mode, level, trump, plays)
        verdicts[mode] = got
    kept = [keeps_structure(p, throw, level, trump) for p in (first, second)]
    many = [len(cuts(p, throw, level, trump)) > 1 for p in (first, second)]
    event(f"ruffs keep the structure {kept}; cut several ways {many}")
    if all(kept):
        event("winners largest/highest/all: " + "".join(str(verdicts[m]) for m in THROW_BEATS))


# ---------------------------------------------------------------- many cuts: the bound of 4,096

#: level 2, ♥ trump: seat 0 throws spades that stand, seat 3 discards diamonds
DIAMONDS = cs("3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D 10D 10D JD JD QD QD KD KD AD AD")


def test_six_pairs_are_compared_piece_by_piece() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared): six pairs ruffed by six pairs each, the later
    with the joker pair and an equal lowest pair: piece by piece it does not win (with
    ``"largest"`` it would). The two ruffs take fewer than 4,096 cuts together."""
    throw = cs("3S 3S 5S 5S 7S 7S 9S 9S JS JS KS KS")
    standing = cs("3H 3H 5H 5H 7H 7H 9H 9H JH JH KH KH")
    later = cs("3H 3H 6H 6H 8H 8H 10H 10H 2S 2S BJ BJ")
    plays = [throw, standing, later, DIAMONDS[: len(throw)]]
    assert trick_winner("all", "2", "H", plays) == 1
    assert trick_winner("largest", "2", "H", plays) == 2
    assert not ruff_beats(standing, later, throw, "2", "H", "all")


def test_a_pair_and_seven_singles_are_compared_piece_by_piece() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared): the single cards left are not pieces to cut — a
    ruff of a pair and seven singles has one cut, and is compared piece by piece: the later
    ruff's lowest single only ties."""
    throw = cs("AS AS 3S 4S 5S 6S 7S 8S 9S")
    standing = cs("3H 3H 5H 6H 7H 8H 9H 10H JH")
    later = cs("4H 4H 5H KH AH 2S 2C 2D SJ")
    plays = [throw, standing, later, DIAMONDS[: len(throw)]]
    assert trick_winner("all", "2", "H", plays) == 1
    assert trick_winner("largest", "2", "H", plays) == 2


def test_a_tractor_and_five_pairs_are_compared_piece_by_piece() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared): a tractor and five pairs, ruffed by a tractor and
    five pairs each — each ruff has one cut; piece by piece the later one's pairs lose (with
    ``"largest"`` its tractor would win)."""
    throw = cs("3S 3S 4S 4S 6S 6S 8S 8S 10S 10S QS QS AS AS")
    standing = cs("3H 3H 4H 4H 6H 6H 8H 8H 10H 10H QH QH AH AH")
    later = cs("SJ SJ BJ BJ 5H 5H 7H 7H 9H 9H JH JH 3H 3H")
    plays = [throw, standing, later, DIAMONDS[: len(throw)]]
    assert trick_winner("all", "2", "H", plays) == 1
    assert trick_winner("largest", "2", "H", plays) == 2
    assert not ruff_beats(standing, later, throw, "2", "H", "all")


def test_past_4096_cuts_the_largest_piece_decides() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared), seed silent: past 4,096 cuts the ``"largest"``
    comparison decides, so the work stays bounded. Six pairs and six singles, ruffed by nine
    pairs each: the engine's search takes the six pairs in every order (79,210 steps for the
    later ruff alone), so its joker pair wins as with ``"largest"``, where piece by piece (the
    oracle, which does not model the bound) its 10♥ pair would lose to the J♥ one. The bound is
    counted as the engine counts it: in distinct cuts each ruff has at most C(9, 6) = 84."""
    throw = cs("3S 3S 4S 5S 5S 6S 7S 7S 8S 9S 9S 10S JS JS QS KS KS AS")
    standing = cs("3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H 10H 10H JH JH")
    later = cs("3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H 10H 10H BJ BJ")
    plays = [throw, standing, later, DIAMONDS[: len(throw)]]
    assert trick_winner("all", "2", "H", plays) == 2
    assert trick_winner("largest", "2", "H", plays) == 2
    assert not ruff_beats(standing, later, throw, "2", "H", "all")
    assert len(cuts(later, throw, "2", "H")) <= 84


def test_strengths_the_examples_rely_on() -> None:
    """The order SJ-TRUMP-3 (The order of trumps) gives the cards above (level 2, ♥ trump)."""
    order = [strength(c, "2", "H") for c in cs("3H 10H JH AH 2D 2C 2S 2H SJ BJ")]
    assert order == sorted(order) and len(set(order)) == len(order)


def _all_and_largest_disagree(throw: list[str], standing: list[str], later: list[str]) -> None:
    """Piece by piece (``"all"``) the standing ruff keeps the trick; with ``"largest"`` the later
    one takes it — in the engine and in the oracle."""
    plays = [throw, standing, later, DIAMONDS[: len(throw)]]
    assert trick_winner("all", "2", "H", plays) == 1
    assert trick_winner("largest", "2", "H", plays) == 2
    assert not ruff_beats(standing, later, throw, "2", "H", "all")
    assert ruff_beats(standing, later, throw, "2", "H", "largest")


#: a quad, a tractor of two pairs, four pairs and five singles in ♠ (level 2, ♥ trump)
QUAD_TRACTOR_PAIRS = cs("3S 3S 3S 3S 5S 5S 6S 6S 8S 8S 10S 10S QS QS AS AS 4S 7S 9S JS KS")


def test_a_standing_ruff_of_3947_steps_is_cut_piece_by_piece() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared), seed silent: the steps are counted with the
    throw's pieces placed largest first, then widest — the quad, the tractor, the four pairs.
    The standing ruff (quads of 3♥ and 10♥, pairs of 4♥ … 7♥ and 9♥, a triple of 8♥) takes
    3,947 steps so, the later one 262: both within 4,096, so ``"all"`` decides. Cut as the 3♥
    quad, the 4♥ 5♥ tractor and pairs of 10♥ 10♥ 9♥ 8♥, the standing ruff is beaten by no cut of
    the later one (its third pair is at best 7♥, against 9♥), though the later K♥ quad wins with
    ``"largest"``. Placing the pairs before the tractor, the standing ruff alone would take past
    4,096 steps and ``"largest"`` would decide: 10,345 (pairs, tractor, quad), 7,315 (pairs,
    quad, tractor), 5,239 (quad, pairs, tractor). (The tractor before the quad takes 3,952.)"""
    throw = QUAD_TRACTOR_PAIRS
    standing = cs("3H 3H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 8H 9H 9H 10H 10H 10H 10H")
    later = cs("KH KH KH KH AH AH 2H 2H 4H 4H 5H 5H 6H 6H 7H 7H 2S 2C 2D SJ BJ")
    _all_and_largest_disagree(throw, standing, later)


def test_a_later_ruff_of_3947_steps_is_cut_piece_by_piece() -> None:
    """SJ-THROW-7 (Ruffs of a throw compared), seed silent: as above with the roles swapped, each
    ruff counted on its own. The later ruff (quads of 6♥ and K♥, pairs of 7♥ … 10♥ and Q♥, a
    triple of J♥) takes 3,947 steps with the quad, the tractor, then the pairs, the standing one
    197: ``"all"`` decides. Cut with the A♥ 2♥ tractor, the standing ruff is beaten by no cut of
    the later one (its best tractor is Q♥ K♥), though the later K♥ quad beats the 3♥ one with
    ``"largest"``. Placing the pairs before the tractor, the later ruff alone would take 10,345,
    7,315 or 5,239 steps (as above), past 4,096, and ``"largest"`` would decide."""
    throw = QUAD_TRACTOR_PAIRS
    standing = cs("3H 3H 3H 3H AH AH 2H 2H 4H 4H 5H 5H 7H 7H 8H 8H 2S 2C 2D SJ BJ")
    later = cs("6H 6H 6H 6H 7H 7H 8H 8H 9H 9H 10H 10H JH JH JH QH QH KH KH KH KH")
    _all_and_largest_disagree(throw, standing, later)
