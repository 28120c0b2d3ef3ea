"""Throws and the kitty bonus against an oracle written from the clauses — SJ-THROW-1 (What may be
led), SJ-UNIT-4 (How a throw splits into pieces), SJ-THROW-2 (When a throw stands), SJ-THROW-3 (A
failed throw), SJ-TRICK-5 (The kitty bonus (抠底)), SJ-TRICK-6 (A plain last trick does not
multiply), SJ-TRICK-7 (The banker's team keeps the kitty) — not from the code.

:mod:`cardrules.testing.clause_oracles.shengji_throws` reads cards as texts and knows the lanes,
the card order, the split of a throw, when it stands, the forced piece and the kitty's multiplier
only as the clauses word them; it imports nothing of ``cardrules.shengji``. The engine is driven
through its public :class:`~cardrules.shengji.State`: a lead is applied to a state holding random
hands and what reaches the table (all of it, or the forced piece), the penalty and the cards
returned are compared with the oracle; random last tricks are played to the end of the round and
the round's kitty bonus and attackers' points are compared in the three ``kitty_multiplier``
modes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import event, given, settings
from hypothesis import strategies as st

from cardrules.cards import Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji import Move, State, Variant, load_variant
from cardrules.testing.clause_oracles.shengji_throws import (
    DECK,
    MODES,
    RANKS,
    SUITS,
    ThrowPiece,
    beaten_pieces,
    forced_piece,
    is_trump,
    kitty_bonus,
    lanes,
    multiplier,
    points_in,
    reaches_table,
    split,
    strength,
    suit_of,
    throw_stands,
)

FOUR = load_variant("four-deck")
assert isinstance(FOUR, Variant)
VARIANTS = {mode: FOUR.replace(kitty_multiplier=mode) for mode in MODES}
COPIES = 4  # four decks


def texts(cards: Cards) -> list[str]:
    """The cards' texts, sorted."""
    return sorted(str(card) for card in cards)


def cs(text: str) -> list[str]:
    """The card texts of a line (``"AS AS KS"``)."""
    return text.split()


def cards(texts_: Sequence[str]) -> Cards:
    """The multiset of the texts."""
    return Cards.parse(" ".join(texts_))


def state(
    level: str,
    trump: str | None,
    banker: int,
    leader: int,
    hands: Sequence[Sequence[str]],
    kitty: Sequence[str] = (),
    variant: Variant = FOUR,
) -> State:
    """A play state built through the public constructor, both teams at ``level``."""
    return State(
        variant=variant,
        levels=(Rank.parse(level), Rank.parse(level)),
        trump=None if trump is None else Suit.parse(trump),
        banker=banker,
        hands=tuple(cards(h) for h in hands),
        kitty=cards(kitty),
        leader=leader,
    )


def take(used: Counter[str], card: str) -> str:
    """``card``, or the next card of the deck with a copy left; counts it as used."""
    at = DECK.index(card)
    for step in range(len(DECK)):
        candidate = DECK[(at + step) % len(DECK)]
        if used[candidate] < COPIES:
            used[candidate] += 1
            return candidate
    raise AssertionError("the decks ran out")  # pragma: no cover


def keep(used: Counter[str], card: str) -> bool:
    """Whether a copy of ``card`` is left; counts it as used if so."""
    if used[card] >= COPIES:
        return False
    used[card] += 1
    return True


# ---------------------------------------------------------------- the oracle on the spec's words


def test_the_oracle_splits_as_the_clauses_show() -> None:
    """SJ-UNIT-2 (Tractors and lanes)'s and SJ-ORDER-3 (Same shape: the higher top)'s examples,
    and SJ-UNIT-4 (How a throw splits into pieces)'s order: the longest tractor first."""
    # level 3, ♦ trump: ♦A ♦A ♦2 ♦2 ♦3 ♦3 is one tractor; ♠2 ♠2 ♠3 ♠3 too
    assert split(cs("AD AD 2D 2D 3D 3D"), "3", "D") == [ThrowPiece(2, ("AD", "2D", "3D"))]
    assert split(cs("2S 2S 3S 3S"), "3", "D") == [ThrowPiece(2, ("2S", "3S"))]
    # ♠3 ♠3 ♥3 ♥3: two pairs of trumps, the ♠ one first (higher)
    assert split(cs("3H 3H 3S 3S"), "3", "D") == [
        ThrowPiece(2, ("3S",)),
        ThrowPiece(2, ("3H",)),
    ]
    # SJ SJ BJ BJ > ♦2233 > ♠2233 > ♥2233 > ♣2233 > ♦AAKK
    tops = []
    for lead in ("SJ SJ BJ BJ", "2D 2D 3D 3D", "2S 2S 3S 3S", "2H 2H 3H 3H", "2C 2C 3C 3C",
                 "AD AD KD KD"):  # fmt: skip
        (piece,) = split(lead.split(), "3", "D")
        assert (piece.width, piece.length) == (2, 2)
        tops.append(strength(piece.top, "3", "D"))
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == len(tops)
    # at level 10 the 9 and the J are neighbours; the trump suit's A leads into its 2, then its L
    assert split(cs("9S 9S JS JS"), "10", "H") == [ThrowPiece(2, ("9S", "JS"))]
    assert split(cs("KS KS AS AS 2S 2S 10S 10S"), "10", "S") == [
        ThrowPiece(2, ("KS", "AS", "2S", "10S"))
    ]
    assert split(cs("2S 2S 10S 10S 2H 2H 10H 10H"), "10", "S") == [
        ThrowPiece(2, ("2S", "10S")),  # the trump suit's 2 and L: higher than ♥'s short lane
        ThrowPiece(2, ("2H", "10H")),
    ]
    # the longest tractor first, cut out of wider tuples; then the tuples, widest first
    assert split(cs("7S 7S 7S 7S 8S 8S 9S 9S 3S KS KS KS"), "2", "H") == [
        ThrowPiece(2, ("7S", "8S", "9S")),
        ThrowPiece(3, ("KS",)),
        ThrowPiece(2, ("7S",)),
        ThrowPiece(1, ("3S",)),
    ]
    # longest, then widest: 777 888 beats 99 1010 as the first tractor
    assert split(cs("7S 7S 7S 8S 8S 8S 10S 10S JS JS"), "9", "H")[0] == ThrowPiece(
        2, ("7S", "8S", "10S", "JS")
    )
    assert split(cs("7S 7S 7S 8S 8S 8S 10S 10S"), "2", "H")[0] == ThrowPiece(3, ("7S", "8S"))


def test_the_oracle_decides_the_spec_s_throw_cases() -> None:
    """The positions of ``spec/cases/shengji/throw.toml`` (level 2, ♥ trump), read by the oracle:
    SJ-THROW-2 (When a throw stands), SJ-THROW-3 (A failed throw)."""

    def table(hands: list[str], lead: str) -> list[str]:
        return reaches_table(lead.split(), [h.split() for h in hands[1:]], "2", "H")

    others = ["QS JS 4S 4D", "QS 9S 8S 5D", "10S 7S 6S 6D"]
    assert table(["", *others], "AS AS KS") == sorted(cs("AS AS KS"))
    partner = ["QS JS 4S 4D", "AS 9S 8S 5D", "10S 7S 6S 6D"]
    assert table(["", *partner], "AS AS KS") == ["KS"]
    assert table(["", "AS AS AS 4D", "QS 9S 8S 5D", "10S 7S 6S 6D"], "KS KS AS") == ["KS", "KS"]
    assert table(["", "AS AS 4S 4D", "JS 9S 8S 5D", "10S 7S 6S 6D"], "KS KS QS") == ["QS"]
    assert table(["", "AS 4S 5S 4D", "JS 8S 7S 5D", "10S 6S 3S 6D"], "KS QS 9S") == ["9S"]
    assert table(["", "3H 3H 4H 4D", "QS 9S 8S 5D", "6H 6H 7H 6D"], "AS AS KS") == sorted(
        cs("AS AS KS")
    )
    hands = ["", "KS KS AS AS 4S 4D", "5S 6S 7S 8S 9S 5D", "10S JS 3S 4S 6S 6D"]
    assert table(hands, "QS QS KS KS AS") == sorted(cs("QS QS KS KS"))
    assert table(["", "3H 4H 6H 4D", "SJ 7H 8H 5D", "9H JH QH 6D"], "AH AH KH") == ["KH"]
    # the smallest of the beaten pieces: fewest cards, then narrower, then lowest
    forced = forced_piece(cs("QS QS QS 8S 8S 3S 3S"), [cs("AS AS AS KS KS 9S 9S")], "2", "H")
    assert forced == ThrowPiece(2, ("3S",))
    assert throw_stands(cs("AS KS KS"), [cs("KS KS"), ["AS"]], "2", "H")  # equal: no beat


def test_the_oracle_s_kitty_is_the_clauses() -> None:
    """SJ-TRICK-5 (The kitty bonus (抠底))'s multipliers, SJ-TRICK-6 (A plain last trick does not
    multiply), SJ-TRICK-7 (The banker's team keeps the kitty)."""
    assert [multiplier(k, "power") for k in (1, 2, 3, 4)] == [2, 4, 8, 16]
    assert [multiplier(k, "linear") for k in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [multiplier(k, "times") for k in (1, 2, 3, 4)] == [2, 4, 6, 8]
    pair_and_single = split(cs("BJ BJ SJ"), "2", "H")
    assert [p.size for p in pair_and_single] == [2, 1]

    def bonus(led: Sequence[ThrowPiece] | Sequence[int], mode: str, won: bool, trumps: bool) -> int:
        return kitty_bonus(led, attackers_won=won, by_trumps=trumps, points=25, mode=mode)

    assert bonus(pair_and_single, "power", True, True) == 100
    assert bonus([4], "power", True, True) == 400
    assert bonus([6, 1], "linear", True, True) == 150
    assert bonus([1, 6], "times", True, True) == 300
    assert bonus([4], "power", True, False) == 25
    assert bonus([4], "power", False, True) == 0
    assert bonus([4], "power", False, False) == 0
    assert points_in(cs("5S 10D KH KH SJ 2C")) == 35


# ---------------------------------------------------------------- throws against the engine


#: a run of cards: its lane, the first place, how many places, how many copies of each
Run = tuple[tuple[str, ...], int, int, int]


def runs(draw: st.DrawFn, on_suit: Sequence[tuple[str, ...]], least: int, most: int) -> list[Run]:
    """``least`` to ``most`` runs on the lanes ``on_suit``: 1 to 3 places, 1 to 4 copies of each
    (pieces, or pieces that merge into wider ones)."""
    found: list[Run] = []
    for _ in range(draw(st.integers(least, most))):
        lane = draw(st.sampled_from(on_suit))
        length = draw(st.integers(1, min(3, len(lane))))
        start = draw(st.integers(0, len(lane) - length))
        found.append((lane, start, length, draw(st.sampled_from((1, 1, 2, 2, 3, 4)))))
    return found


def run_cards(run: Run) -> list[str]:
    """The cards of a run."""
    lane, start, length, width = run
    return [c for c in lane[start : start + length] for _ in range(width)]


@st.composite
def throws(
    draw: st.DrawFn,
) -> tuple[str, str | None, int, int, list[list[str]], list[str]]:
    """A level, a trump, a banker, a leader, the four hands and the lead: the leader leads two or
    three runs of one suit (trumps or a plain suit); the other seats hold up to two runs of that
    suit, copies of the lead's runs one to three places higher (so that several pieces are
    beaten) and one to three random cards (trumps against a plain throw)."""
    level = draw(st.sampled_from(RANKS))
    trump = draw(st.sampled_from((*SUITS, None)))
    suit = draw(st.sampled_from(["T", *[s for s in SUITS if s != trump]]))
    on_suit = [lane for lane in lanes(level, trump) if suit_of(lane[0], level, trump) == suit]
    used: Counter[str] = Counter()
    thrown = runs(draw, on_suit, 2, 3)
    lead = [c for run in thrown for c in run_cards(run) if keep(used, c)]
    leader = draw(st.integers(0, 3))
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[leader] = lead
    held = [seat for seat in range(4) if seat != leader]
    mine = {seat: runs(draw, on_suit, 0, 2) for seat in held}
    for lane, start, length, width in thrown:  # a higher copy, held by nobody or by some seat
        seat = draw(st.sampled_from((None, *held)))
        higher = start + draw(st.integers(1, 3))
        if seat is not None and higher + length <= len(lane):
            mine[seat].append((lane, higher, length, width))
    for seat in held:
        hands[seat] = [c for run in mine[seat] for c in run_cards(run) if keep(used, c)]
        elsewhere = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=3))
        hands[seat] += [take(used, c) for c in elsewhere]
    banker = draw(st.integers(0, 3))
    return level, trump, banker, leader, hands, lead


@settings(max_examples=200, deadline=None)
@given(throws())
def test_a_lead_reaches_the_table_as_the_clauses_say(
    situation: tuple[str, str | None, int, int, list[list[str]], list[str]],
) -> None:
    """SJ-THROW-1 (What may be led), SJ-THROW-2 (When a throw stands), SJ-THROW-3 (A failed
    throw): the cards on the table, the thrower's penalty and the cards back in hand."""
    level, trump, banker, leader, hands, lead = situation
    before = state(level, trump, banker, leader, hands)
    after = before.apply(Move(leader, cards=cards(lead)))
    others = [h for seat, h in enumerate(hands) if seat != leader]
    expected = reaches_table(lead, others, level, trump)
    assert texts(after.trick[0].cards) == expected, (level, trump, hands, lead)
    failed = expected != sorted(lead)
    pieces = split(lead, level, trump)
    event("one combination" if len(pieces) == 1 else "fails" if failed else "stands")
    if failed:
        forced = split(expected, level, trump)[0]
        beaten = len(beaten_pieces(lead, others, level, trump))
        event(f"forced {(forced.width, forced.length)} of {beaten} beaten")
    assert after.penalties[leader] == (1 if failed else 0)
    assert (after.failed_throw is not None) == failed
    assert texts(after.hands[leader]) == texts(before.hands[leader] - cards(expected))


SHAPES = ((2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (2, 3), (1, 1))


@st.composite
def beaten_throws(
    draw: st.DrawFn,
) -> tuple[str, str | None, int, int, list[list[str]], list[str]]:
    """A plain throw of two or three pieces of different shapes, a place apart on the low end of
    the lane, and other seats holding pieces of some of those shapes above all of them:
    several pieces of different sizes and widths beaten at once, SJ-THROW-3 (A failed throw)."""
    level = draw(st.sampled_from(RANKS))
    suit = draw(st.sampled_from(SUITS))
    trump = draw(st.sampled_from((*[s for s in SUITS if s != suit], None)))
    (lane,) = [lane for lane in lanes(level, trump) if lane[0][-1] == suit and len(lane) > 2]
    shapes = draw(st.lists(st.sampled_from(SHAPES), min_size=2, max_size=3, unique=True))
    leader = draw(st.integers(0, 3))
    held = [seat for seat in range(4) if seat != leader]
    hands: list[list[str]] = [[] for _ in range(4)]
    place = 0
    for width, length in shapes:
        hands[leader] += [c for c in lane[place : place + length] for _ in range(width)]
        place += length + 1
    used = Counter(hands[leader])
    for width, length in shapes:
        seat = draw(st.sampled_from((None, *held)))
        if seat is not None and place + length <= len(lane):
            start = draw(st.integers(place, len(lane) - length))
            beater = [c for c in lane[start : start + length] for _ in range(width)]
            hands[seat] += [c for c in beater if keep(used, c)]
    for seat in held:
        hands[seat].append(take(used, draw(st.sampled_from(DECK))))
    banker = draw(st.integers(0, 3))
    return level, trump, banker, leader, hands, list(hands[leader])


@settings(max_examples=100, deadline=None)
@given(beaten_throws())
def test_the_forced_piece_is_the_smallest_beaten_one(
    situation: tuple[str, str | None, int, int, list[list[str]], list[str]],
) -> None:
    """SJ-THROW-3 (A failed throw): among the beaten pieces the one with the fewest cards, then
    the narrower, then the lowest reaches the table."""
    level, trump, banker, leader, hands, lead = situation
    after = state(level, trump, banker, leader, hands).apply(Move(leader, cards=cards(lead)))
    others = [h for seat, h in enumerate(hands) if seat != leader]
    assert texts(after.trick[0].cards) == reaches_table(lead, others, level, trump)
    beaten = beaten_pieces(lead, others, level, trump)
    event(f"{len(beaten)} beaten: {sorted((p.width, p.length) for p in beaten)}")


def test_a_quad_is_forced_before_a_tractor_of_three_pairs() -> None:
    """SJ-THROW-3 (A failed throw), seed silent: fewest cards first — a beaten quad (4 cards)
    is forced before a beaten tractor of three pairs (6 cards, narrower)."""
    hands = ["3S 3S 4S 4S 5S 5S 7S 7S 7S 7S", "QS QS QS QS 9S 9S 10S 10S JS JS 3D", "4D", "5D"]
    lead = hands[0].split()
    others = [h.split() for h in hands[1:]]
    assert reaches_table(lead, others, "2", "H") == ["7S"] * 4
    after = state("2", "H", 0, 0, [h.split() for h in hands]).apply(Move(0, cards=cards(lead)))
    assert texts(after.trick[0].cards) == ["7S"] * 4


# ---------------------------------------------------------------- the kitty against the engine


@st.composite
def last_tricks(
    draw: st.DrawFn,
) -> tuple[str, str | None, int, int, list[list[str]], list[str], int]:
    """A level, a trump, a banker, a leader, the hands, the kitty and a seed: every seat holds as
    many cards as the leader, whose hand is one suit — a run on one of its lanes (1 to 3 places,
    1 to 4 copies each) and up to three more cards of the suit — and who leads it all, most often
    trumps and an attacker. The kitty holds points (else every multiplier gives 0)."""
    level = draw(st.sampled_from(RANKS))
    trump = draw(st.sampled_from((*SUITS, None)))
    suit = draw(st.sampled_from(["T", "T", "T", *[s for s in SUITS if s != trump]]))
    on_suit = [lane for lane in lanes(level, trump) if suit_of(lane[0], level, trump) == suit]
    lane = draw(st.sampled_from(on_suit))
    length = draw(st.integers(1, min(3, len(lane))))
    start = draw(st.integers(0, len(lane) - length))
    width = draw(st.integers(1, 4))
    used: Counter[str] = Counter()
    lead = [c for c in lane[start : start + length] for _ in range(width)]
    used.update(lead)
    pool = [c for c in DECK if suit_of(c, level, trump) == suit]
    extra = draw(st.lists(st.sampled_from(pool), max_size=3))
    lead += [c for c in extra if keep(used, c)]
    banker = draw(st.integers(0, 3))
    attackers = [seat for seat in range(4) if seat % 2 != banker % 2]
    leader = draw(st.sampled_from((*attackers, *attackers, banker, (banker + 2) % 4)))
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[leader] = lead
    for seat in range(4):
        if seat != leader:
            dealt = draw(st.lists(st.sampled_from(DECK), min_size=len(lead), max_size=len(lead)))
            hands[seat] = [take(used, c) for c in dealt]
    point_card = draw(st.sampled_from([c for c in DECK if points_in([c])]))
    buried = [point_card, *draw(st.lists(st.sampled_from(DECK), max_size=7))]
    kitty = [take(used, c) for c in buried]
    return level, trump, banker, leader, hands, kitty, draw(st.integers(0, 2**32))


def play_out(start: State, lead: Move, seed: int) -> tuple[State, list[Move]]:
    """The round from ``start`` to its end, ``lead`` first and random legal moves after; every
    lead is checked against the oracle's table (SJ-THROW-2 (When a throw stands), SJ-THROW-3 (A
    failed throw))."""
    rng = random.Random(seed)
    now, moves, move = start, [], lead
    while True:
        if not now.trick:
            others = [texts(h) for seat, h in enumerate(now.hands) if seat != move.seat]
            table = reaches_table(texts(move.cards), others, str(now.level), _trump(now))
        now = now.apply(move)
        moves.append(move)
        if len(now.trick) == 1:
            assert texts(now.trick[0].cards) == table
        if now.is_over:
            return now, moves
        move = now.random_move(rng)


def _trump(now: State) -> str | None:
    return None if now.trump is None else str(now.trump)


@settings(max_examples=120, deadline=None)
@given(last_tricks())
def test_the_kitty_bonus_is_the_clauses_in_every_mode(
    situation: tuple[str, str | None, int, int, list[list[str]], list[str], int],
) -> None:
    """SJ-TRICK-5 (The kitty bonus (抠底)), SJ-TRICK-6 (A plain last trick does not multiply),
    SJ-TRICK-7 (The banker's team keeps the kitty): the round's kitty bonus and the attackers'
    points (their tricks' points, SJ-TRICK-4 (Points go to the winner's team), and the bonus)."""
    level, trump, banker, leader, hands, kitty, seed = situation
    first = state(level, trump, banker, leader, hands, kitty, VARIANTS["power"])
    end, moves = play_out(first, Move(leader, cards=cards(hands[leader])), seed)
    attackers = 1 - banker % 2
    last = end.last_trick
    winning = next(m for m in last if m.seat == end.last_winner)
    led = split(texts(last[0].cards), level, trump)
    for mode, variant in VARIANTS.items():
        final = state(level, trump, banker, leader, hands, kitty, variant)
        won = 0
        for move in moves:  # the tricks' points, by the team the engine says won each
            final = final.apply(move)
            took = None if final.trick else final.last_winner
            if took is not None and took % 2 == attackers:
                won += points_in([c for m in final.last_trick for c in texts(m.cards)])
        assert final.last_trick == last
        bonus = kitty_bonus(
            led,
            attackers_won=winning.seat % 2 == attackers,
            by_trumps=all(is_trump(c, level, trump) for c in texts(winning.cards)),
            points=points_in(kitty),
            mode=mode,
        )
        result = final.result()
        assert result.kitty is not None
        assert result.kitty.points == bonus, (mode, led, winning, kitty)
        if mode == "power":
            sizes = sorted({p.size for p in led})
            event(f"factor {result.kitty.factor}, piece sizes {sizes}")
        assert result.attacker_points == won + bonus


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(MODES),
    st.lists(st.sampled_from(("5D", "10D", "KD", "KC", "3D")), max_size=7),
    st.sampled_from((("BJ BJ SJ", 2), ("SJ SJ BJ BJ AH", 4), ("3H 3H 4H 4H 5H 5H 7H", 6))),
)
def test_a_standing_trump_throw_multiplies_by_its_largest_piece(
    mode: str, kitty: list[str], lead: tuple[str, int]
) -> None:
    """SJ-TRICK-5 (The kitty bonus (抠底)), seed silent: for a throw led to the last trick the
    largest piece is the one with the most cards. An attacker throws trumps that stand (a pair
    and a single, a tractor and a single, a tractor of three pairs and a single) and wins; the
    kitty holds a 10 and more."""
    thrown, k = lead
    clubs = cs("3C 4C 6C 7C 8C 9C JC")[: len(thrown.split())]
    hands = [clubs, thrown.split(), clubs, clubs]
    used: Counter[str] = Counter()
    buried = [take(used, c) for c in ["10D", *kitty]]
    first = state("2", "H", 0, 1, hands, buried, VARIANTS[mode])
    end, _ = play_out(first, Move(1, cards=cards(thrown.split())), 0)
    assert end.last_winner == 1  # a trump throw led by its thrower cannot be beaten
    result = end.result()
    assert result.kitty is not None and result.kitty.largest_piece == k
    assert result.kitty.points == points_in(buried) * multiplier(k, mode)
