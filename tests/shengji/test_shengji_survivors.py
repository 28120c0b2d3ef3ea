"""Shengji corners the other tests left open (issue 24, mutation testing): a position whose last
trick cannot have been played, the round's card order as a reader asks it, the bids a hand can
show, what ``count()``, ``describe()`` and a random draw say outside the play against the
listing itself (CORE-API-3 (Choices too large to list)), and move texts read within the decks in
every phase. The rules' own corners (the kitty flip's numbering, frying over a single, a fry
before the burial, a short hand's follow) are spec cases in spec/cases/shengji/bidding.toml and
trick.toml."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

from cardrules import CardrulesError, shengji
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import DocumentError, ImpossibleCardsError, NotationError, PositionError
from cardrules.legal import Choice
from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.shengji import Match, Move, MoveKind, Phase, order
from cardrules.shengji.bids import bid_options
from cardrules.shengji.follow import explain_follow
from cardrules.shengji.scoring import KittyBonus
from cardrules.shengji.trick import winner

FOUR = shengji.load_variant("four-deck")


def _position(**table: object) -> Match:
    return Match.from_position(load_position({"game": "shengji", "variant": "four-deck"} | table))


# ---------------------------------------------------------------------- positions refused
def _after_one_trick() -> shengji.State:
    state = shengji.State.new(FOUR, seed=3, trump="S")
    rng = random.Random(1)
    while state.tricks_played < 1:
        state = state.apply(state.random_move(rng))
    return state


@pytest.mark.parametrize("reader", ["state", "view"])
def test_a_last_trick_led_with_two_suits_is_refused(reader: str) -> None:
    """SJ-TRICK-2 (Who wins a trick) needs a lead of one suit to compare the plays with: a
    document whose last trick was led with ♣ and ♦ together cannot exist."""
    state = _after_one_trick()
    assert str(state.last_trick[0].cards) == "3C"
    doc = state.to_json() if reader == "state" else state.view(2).to_json()
    tampered = copy.deepcopy(doc)
    tampered["last_trick"][0]["cards"] = "3C 5D"  # type: ignore[index,call-overload]
    read = shengji.State.from_json if reader == "state" else shengji.View.from_json
    read(doc)  # the untouched document reads
    with pytest.raises(DocumentError) as err:
        read(tampered)
    assert err.value.code == "bad-document"
    assert err.value.detail == "a trick starts with a lead of one suit"
    # the field named is the one tampered with (it once said "trick")
    assert err.value.key == "last_trick"
    assert str(err.value).endswith("field 'last_trick': a trick starts with a lead of one suit")


def test_a_trick_without_a_lead_of_one_suit_names_the_field_trick() -> None:
    """``winner`` names the document's field ``trick`` unless told another: a trick must start
    with a lead of one suit, SJ-TRICK-2 (Who wins a trick)."""
    state = _after_one_trick()
    for trick in ([], [Move(0, MoveKind.PLAY, Cards.parse("3C 5D"))]):
        with pytest.raises(PositionError) as err:
            winner(trick, state.ctx)
        assert err.value.key == "trick"
        assert err.value.detail == "a trick starts with a lead of one suit"
    assert winner(state.last_trick, state.ctx) in range(4)


# ---------------------------------------------------------------------- the round's card order
def test_the_round_s_table_says_which_cards_are_trumps_and_names_itself() -> None:
    """SJ-TRUMP-2 (Which cards are trumps): jokers, every level card, every 2 and the trump
    suit; without a trump suit only the first three."""
    hearts = shengji.trump_context(FOUR, Rank.FIVE, Suit.HEARTS)
    none = shengji.trump_context(FOUR, Rank.FIVE, None)
    trumps = {"BJ", "SJ", "5S", "5D", "2C", "2H"}
    for text in ("BJ", "SJ", "5S", "5D", "2C", "2H", "3H", "AH", "3S", "AD", "KC"):
        card = Card.parse(text)
        assert hearts.is_trump(card) is (text in trumps or text.endswith("H")), text
        assert none.is_trump(card) is (text in trumps), text
    assert hearts.describe() == "level 5, trump ♥"
    assert none.describe() == "level 5, no trump"
    assert repr(none) == "<Table level 5, no trump, four-deck>"


# ---------------------------------------------------------------------- bids a hand can show
def test_a_hand_can_bid_every_shape_it_holds_in_full() -> None:
    """SJ-BID-1 (What a bid shows), SJ-BID-2 (The strength of a bid): a bid shows as many
    identical cards as the hand holds, all of them too; the bids are listed weakest first, and
    the deal lists exactly those the hand may show."""
    hand = Cards.parse("2S 2S 2S 2S 2H SJ SJ 3S")
    shown = [
        (rank, face, str(cards))
        for rank, face, cards in bid_options(hand, Rank.TWO, FOUR.bid_order)
    ]
    assert shown == [
        ((0, 0), (1, 0), "2S"),
        ((0, 0), (1, 1), "2H"),
        ((1, 0), (2, 0), "2S 2S"),
        ((2, 0), (2, 4), "SJ SJ"),
        ((3, 0), (3, 0), "2S 2S 2S"),
        ((5, 0), (4, 0), "2S 2S 2S 2S"),
    ]
    match = _position(
        phase="deal",
        dealt_first=0,
        hands=[
            "2S 2S 2S 2S 2H SJ SJ 3S",
            "4S 5S 6S 7S 8S 9S 10S",
            "4H 5H 6H 7H 8H 9H 10H",
            "4C 5C 6C 7C 8C 9C 10C",
        ],
        stock="4D 5D 6D 7D 8D 9D 10D JD QD",
    )
    listed = [str(m) for m in match.legal_moves(0)]
    assert listed == [
        "0: pass",
        "0: bid 2S",
        "0: bid 2H",
        "0: bid 2S 2S",
        "0: bid 2S 2S 2S",
        "0: bid 2S 2S 2S 2S",
    ]  # two small jokers are no first bid: jokers overcall only (SJ-BID-3)


# ---------------------------------------------------------------------- listing, count, describe
def _members(choice: Choice[Move]) -> set[Cards]:
    """Every card set of a family, by brute force over its pool."""
    pool = sorted(choice.pool, key=lambda c: c.index)
    out: set[Cards] = set()
    for size in range(choice.least, choice.most + 1):
        for picked in itertools.combinations(pool, size):
            out.add(choice.required + Cards.of(list(picked)))
    return out


def _situations() -> dict[str, Match]:
    fry = {"phase": "fry", "banker": 0, "bid": "0: 2S 2S 2S", "kitty": "5S 10S KS 4D 6D 8C 9C JC"}
    four_joker_fry = _position(
        **fry, hands=["2S 2S 2S SJ SJ", "BJ BJ BJ BJ 4S", "2C 2C 5S", "2D 7S"]
    )
    four_jokers = _position(
        phase="deal",
        dealt_first=0,
        hands=["BJ BJ BJ BJ 3S 4S", "SJ SJ SJ SJ 5S 6S", "2H 2H 2H 2H 7S 8S", "2S 9S 10S JS QS KS"],
        stock="8D 9D 6D 7D 8C 9C 6H 7H 8H",
    )
    return {
        "deal": _position(
            phase="deal",
            dealt_first=0,
            hands=[
                "2S 2S 2S 2S 3S 4S",
                "2H 2H 2H SJ SJ SJ",
                "2C 2C BJ BJ BJ 5C",
                "2D BJ SJ 2H 6D 7D",
            ],
            stock="8D 9D 6S 7S 8S 9S 6H 7H 8H",
        ),
        "deal, four jokers to name": four_jokers.apply(Move.parse("0: bid BJ BJ BJ BJ")),
        "last call": _position(
            phase="bid",
            dealt_first=2,
            bid="0: 2S",
            hands=["2S 3S 4S", "2H 2H 5H", "2C 6C 7C", "2D 8D 9D"],
            stock="5S 7H 2C 9D 3H 4H 6H 8H",
        ),
        "bury": _position(
            round=2,
            levels=["3", "2"],
            banker=0,
            phase="bury",
            bid="2: 3H",
            kitty="5S 10S KS 4D 6D 8C 9C JC",
            hands=["3S 4S 6S 7S", "3D 7D 9D", "3H 5H 6H", "AS AH AC"],
        ),
        "fry": _position(
            **fry, hands=["2S 2S 2S BJ BJ", "2H 2H SJ SJ 4S", "2C 2C BJ BJ 5S", "2D 7S"]
        ),
        "bury, four jokers to name": four_joker_fry.apply(Move.parse("1: fry BJ BJ BJ BJ")),
    }


@pytest.mark.parametrize("name", list(_situations()))
def test_outside_the_play_count_describe_and_draws_agree_with_the_listing(name: str) -> None:
    """CORE-API-3 (Choices too large to list): ``count()`` and ``describe()`` say what the
    listing says, a burial as one family of ``kitty`` cards of the burier's hand (SJ-KITTY-1
    (The banker buries the kitty)), everything else move by move; a random draw is legal. A view
    answers as the match does for its seat."""
    match = _situations()[name]
    assert match.phase is not Phase.PLAY
    rng = random.Random(7)
    for seat in (None, *range(match.players)):
        moves = match.legal_moves(seat)
        listed = list(moves)
        assert moves.count() == len(listed), seat
        described = moves.describe()
        assert described.count == len(listed), seat
        burials = {m.cards for m in listed if m.kind is MoveKind.BURY}
        assert list(described.moves) == [m for m in listed if m.kind is not MoveKind.BURY]
        if burials:
            (family,) = described.choices
            assert (family.seat, family.kind, family.clause) == (match.burier, "bury", "SJ-KITTY-1")
            assert family.least == family.most == FOUR.kitty
            assert _members(family) == burials
        else:
            assert described.choices == ()
        if listed:
            for _ in range(3):
                drawn = match.random_move(rng, seat)
                assert match.explain(drawn) is None and drawn in moves, (seat, drawn)
        if seat is not None:
            view = match.view(seat)
            own = view.legal_moves()
            assert list(own) == listed and own.count() == len(listed)
            assert own.describe().count == len(listed)
            assert list(own.describe().moves) == list(described.moves)
            if listed:
                assert view.explain(view.random_move(rng)) is None


def test_four_jokers_fried_are_named_before_the_burial() -> None:
    """SJ-BID-4 (Four jokers name the trump), SJ-FRY-1 (Frying in turn): after four jokers fry
    the kitty the fryer holds it, yet its only moves are the five namings, not a burial."""
    match = _situations()["bury, four jokers to name"]
    assert match.phase is Phase.BURY and match.burier == 1
    namings = ["1: spades", "1: hearts", "1: clubs", "1: diamonds", "1: notrump"]
    assert [str(m) for m in match.legal_moves()] == namings
    assert match.legal_moves(1).count() == 5 and match.legal_moves(0).count() == 0
    assert str(match.random_move(random.Random(1))) in namings
    assert str(match.view(1).random_move(random.Random(1))) in namings


# ---------------------------------------------------------------------- reading move texts
def test_move_texts_of_every_phase_are_read_within_the_decks() -> None:
    """A move text naming a fifth copy of a card in four decks is refused before it is judged
    (``impossible-cards``), and a misspelt move names the word it could not read."""
    for match in _situations().values():
        for text in (
            "0: bid 2S 2S 2S 2S 2S",
            "0: 2S 2S 2S 2S 2S",
            "1: bury 4S 4S 4S 4S 4S 5S 6S 7S",
        ):
            with pytest.raises(ImpossibleCardsError) as impossible:
                match.parse_move(text)
            assert impossible.value.code == "impossible-cards"
        with pytest.raises(NotationError) as typo:
            match.parse_move("0: bidd 2S")
        assert (typo.value.token, typo.value.offset) == ("bidd", 3)
        assert "nor is it a move of this game (bid, bury, clubs" in str(typo.value)
        assert str(match.parse_move("0: bid 2S 2S 2S 2S")) == "0: bid 2S 2S 2S 2S"
        assert match.parse_move("2: hearts") == Move(2, MoveKind.HEARTS)


def test_a_view_reads_its_own_move_texts_within_the_decks() -> None:
    """A view reads texts for its seat as the match does, and names another seat's text."""
    view = _situations()["deal"].view(0)
    with pytest.raises(ImpossibleCardsError):
        view.parse_move("bid 2S 2S 2S 2S 2S")
    with pytest.raises(CardrulesError) as other:
        view.parse_move("1: pass")
    assert other.value.code == "other-seat"


# ---------------------------------------------------------------------- the kitty bonus
@pytest.mark.parametrize(
    ("kitty_points", "largest_piece", "factor", "points"),
    [
        (-5, 1, 0, 0),  # negative kitty points (times a factor 0 they would still add up)
        (5, -1, 1, 5),  # a negative piece size
        (5, 1, -1, -5),  # a negative factor
        (5, 2, 4, 25),  # points other than kitty points × factor
    ],
)
def test_a_kitty_bonus_that_cannot_be_is_refused(
    kitty_points: int, largest_piece: int, factor: int, points: int
) -> None:
    """SJ-TRICK-5 (The kitty bonus (抠底)): a bonus read from a record holds non-negative
    fields and its points are the kitty's points times the factor; anything else is refused."""
    assert KittyBonus(kitty_points=5, largest_piece=2, factor=4, points=20).points == 20
    with pytest.raises(CardrulesError) as err:
        KittyBonus(
            kitty_points=kitty_points, largest_piece=largest_piece, factor=factor, points=points
        )
    assert str(err.value) == (
        "a kitty bonus has non-negative fields and points = kitty points × factor"
    )


# ---------------------------------------------------------------------- classic lanes
#: Classic lanes (SJ-UNIT-5), level 5, ♥ trump: one trump lane whose position after the fixed
#: 2s holds the four 5s, 5♥ the strongest of them.
CLASSIC_5H = shengji.trump_context(
    FOUR.replace(tractor_lanes="classic"), Rank.parse("5"), Suit.HEARTS
)


def test_a_classic_lane_throw_takes_the_highest_tractor() -> None:
    """SJ-UNIT-4 (How a throw splits into pieces): the longest tractor, then the widest, then the
    highest — 2♠ 2♠ 5♥ 5♥ rather than 2♠ 2♠ 5♠ 5♠, leaving the pair of 5♠."""
    throw = shengji.classify(Cards.parse("2S 2S 5S 5S 5H 5H"), CLASSIC_5H)
    assert throw is not None
    assert [str(p.cards) for p in throw.pieces] == ["2S 2S 5H 5H", "5S 5S"]


def test_a_classic_lane_refusal_names_the_strongest_piece_held() -> None:
    """SJ-FOLLOW-3 (The shape ladder): a hand holding 5♥ 5♥ SJ SJ and 5♠ 5♠ SJ SJ owes a tractor
    to a tractor lead; a play breaking both pairs is refused naming the one of the strongest
    cards, 5♥ 5♥ SJ SJ."""
    lead = shengji.classify(Cards.parse("3H 3H 4H 4H"), CLASSIC_5H)
    assert lead is not None
    hand = Cards.parse("5H 5H 5S 5S SJ SJ 6H 7H")
    refusal = explain_follow(lead, hand, Cards.parse("6H 7H 5S 5H"), CLASSIC_5H)
    assert refusal is not None and refusal.code == "must-follow-shape"
    assert refusal.message == (
        "you hold 5♥ 5♥ SJ SJ: a tractor of 2 pairs must follow a tractor of 2 pairs"
    )
    assert explain_follow(lead, hand, Cards.parse("5S 5S SJ SJ"), CLASSIC_5H) is None


def test_a_table_is_built_only_for_a_shengji_variant() -> None:
    """The table behind a position (``order.trump_context``, which readers call) refuses another
    game's variant, a level that is no rank 2 … A and a trump that is no suit, naming the field
    and what it got."""
    with pytest.raises(PositionError) as err:
        order.trump_context(object(), Rank.TWO, Suit.SPADES)  # type: ignore[arg-type]
    assert err.value.key == "variant"
    assert err.value.detail == "a shengji Variant is needed, got object"
    with pytest.raises(PositionError) as err:
        order.trump_context(FOUR, "5", Suit.SPADES)  # type: ignore[arg-type]
    assert (err.value.key, err.value.detail) == ("levels", "a level is a rank 2 … A, not '5'")
    with pytest.raises(PositionError) as err:  # a joker is no level
        order.trump_context(FOUR, Rank.SMALL_JOKER, Suit.SPADES)
    assert err.value.key == "levels"
    with pytest.raises(PositionError) as err:
        order.trump_context(FOUR, Rank.TWO, "S")  # type: ignore[arg-type]
    assert (err.value.key, err.value.detail) == ("trump", "a trump is a suit or None, not 'S'")
