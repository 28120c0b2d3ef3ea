"""What the follow rule tells a player: the ladder a lead sets, in words (SJ-FOLLOW-3, SJ-FOLLOW-7),
the refusal of a follow naming cards the hand does not hold (SJ-FOLLOW-1), and the legal follows
of a hand holding a piece of the led shape — exactly those pieces, given one by one (SJ-FOLLOW-3,
SJ-UNIT-5). The refusal reasons of ``must-follow-suit`` and ``wrong-count`` are pinned by the spec
cases of ``spec/cases/shengji/follow.toml`` and their golden rulings."""

from __future__ import annotations

import pytest

from cardrules import Cards, shengji
from cardrules.cards import Rank, Suit
from cardrules.errors import Illegal
from cardrules.position import load_position
from cardrules.shengji.follow import ladder_for

FOUR = shengji.load_variant("four-deck")
CTX = shengji.trump_context(FOUR, Rank.TWO, Suit.SPADES)
C = Cards.parse


def _lead(cards: str, ctx: shengji.Table = CTX) -> shengji.Combination:
    lead = shengji.classify(C(cards), ctx)
    assert lead is not None
    return lead


# ---------------------------------------------------------------------- the ladder in words
@pytest.mark.parametrize(
    ("lead", "words"),
    [
        ("5H 5H", "pair → singles"),
        ("5H 5H 6H 6H", "tractor of 2 pairs → pair → singles"),
        ("5H 5H 5H 5H", "quad → triple → tractor of 2 pairs → pair → singles"),
        ("5H 5H 6H 6H 7H 7H", "tractor of 3 pairs → tractor of 2 pairs → pair → singles"),
        (
            "5H 5H 5H 6H 6H 6H",
            "tractor of 2 triples → triple → tractor of 3 pairs → tractor of 2 pairs → pair "
            "→ singles",
        ),
        (
            "5H 5H 5H 5H 6H 6H 6H 6H",
            "tractor of 2 quads → quad → tractor of 2 triples → triple → tractor of 4 pairs "
            "→ tractor of 3 pairs → tractor of 2 pairs → pair → singles",
        ),
        # a throw: each piece's ladder, the widest (then longest) piece first, SJ-FOLLOW-5
        ("AH AH AH 9H 9H", "triple → pair → pair → singles"),
        # a single, or a throw of singles, owes no shape
        ("5H", "singles"),
        ("5H 9H KH", "singles"),
    ],
)
def test_the_ladder_in_words_is_the_seed_s(lead: str, words: str) -> None:
    """SJ-FOLLOW-7 (The seed's ladders): each list of seed 003, from the lead's own shape down
    to single cards, as ``Ladder.describe`` words it."""
    assert ladder_for(_lead(lead), CTX).describe() == words


def test_a_tractor_only_ladder_goes_from_tractors_to_singles() -> None:
    """SJ-FOLLOW-9 (Only tractors draw tractors): a tractor lead keeps only its tractor steps."""
    variant = FOUR.replace(follow_protection="tractor_only")
    ctx = shengji.trump_context(variant, Rank.TWO, Suit.SPADES)
    ladder = ladder_for(_lead("5H 5H 5H 6H 6H 6H", ctx), ctx)
    assert ladder.describe() == (
        "tractor of 2 triples → tractor of 3 pairs → tractor of 2 pairs → singles"
    )


# ---------------------------------------------------------------------- cards not held
def test_a_follow_of_cards_not_held_is_refused_by_the_follow_rule() -> None:
    """SJ-FOLLOW-1 (As many cards as the lead): ``explain_follow`` asked about a play of cards
    the hand does not hold refuses it as ``not-in-hand`` under the follow's own clause, naming
    only the cards missing (a state asks first and names the seat, SJ-STATE-2)."""
    hand = C("7H 7H 8H 9H 3C")
    got = shengji.explain_follow(_lead("5H 5H"), hand, C("9H 9H"), CTX)
    assert got == Illegal("not-in-hand", "SJ-FOLLOW-1", "the hand does not hold 9H")
    # the count is checked first
    got = shengji.explain_follow(_lead("5H 5H"), hand, C("9H 9H 9H"), CTX)
    assert got == Illegal("wrong-count", "SJ-FOLLOW-1", "play 2 cards to follow a pair, not 3")


# ---------------------------------------------------------------------- a piece of the led shape
def _after_lead(lead: str, follower: str, tractor_lanes: str = "seed") -> shengji.State:
    """Seat 0 (the banker, ♠ trump at level 2) has led ``lead``; seat 1 holds ``follower``."""
    state = shengji.State.from_position(
        load_position(
            {
                "game": "shengji",
                "variant": "four-deck",
                "overrides": {"tractor_lanes": tractor_lanes},
                "levels": ["2", "2"],
                "trump": "S",
                "banker": 0,
                "hands": [lead + " 3D", follower, "4C 5C 6C 7C", "4C 5C 6C 7C"],
            }
        )
    )
    return state.apply(state.parse_move("0: " + lead))


@pytest.mark.parametrize(
    ("follower", "tractor_lanes", "tractors", "wrong", "reason"),
    [
        # the jokers are a lane of their own, as long as the tractor, after three one-card
        # lanes (the off-suit level cards), SJ-UNIT-2 (Tractors and lanes)
        (
            "SJ SJ BJ BJ 3S 4D",
            "seed",
            ["SJ SJ BJ BJ"],
            "SJ SJ BJ 3S",
            "you hold SJ SJ BJ BJ: a tractor of 2 pairs must follow a tractor of 2 pairs",
        ),
        # classic lanes: ♠A, then the level cards as one position, SJ-UNIT-5 (Classic lanes);
        # the pair of ♥2 is on it though no ♠2 is held
        (
            "AS AS 2H 2H 5S 4D",
            "classic",
            ["AS AS 2H 2H"],
            "AS AS 2H 5S",
            "you hold 2♥ 2♥ A♠ A♠: a tractor of 2 pairs must follow a tractor of 2 pairs",
        ),
        # two tractors held, one cut from triples
        (
            "7S 7S 7S 8S 8S 8S JS JS QS QS 4D",
            "seed",
            ["7S 7S 8S 8S", "JS JS QS QS"],
            "7S 7S 7S 8S",
            "you hold J♠ J♠ Q♠ Q♠: a tractor of 2 pairs must follow a tractor of 2 pairs",
        ),
    ],
)
def test_a_follower_holding_the_led_shape_is_shown_those_pieces(
    follower: str, tractor_lanes: str, tractors: list[str], wrong: str, reason: str
) -> None:
    """SJ-FOLLOW-3 (The shape ladder): a follower holding a piece of the lead's own shape must
    play one, so the legal moves are exactly the pieces of that shape they hold, given one by
    one (no family to build from); any other play is refused naming such a piece."""
    state = _after_lead("QS QS KS KS", follower, tractor_lanes)
    moves = state.legal_moves()
    described = moves.describe()
    assert described.choices == ()
    assert {m.cards for m in described.moves} == {C(t) for t in tractors}
    assert len(described.moves) == moves.count() == len(tractors)
    refused = state.explain(state.parse_move("1: " + wrong))
    assert refused == Illegal("must-follow-shape", "SJ-FOLLOW-3", reason)


def test_a_lone_level_card_beside_a_pair_makes_no_tractor() -> None:
    """SJ-UNIT-5 (Classic lanes): a tractor uses one card per position; ♠A ♠A and a single ♥2 on
    the level position are no tractor, so the follower owes only pairs: the legal moves are a
    family of four trumps holding two pairs."""
    state = _after_lead("QS QS KS KS", "AS AS 2H 3S 3S 5S 4D", "classic")
    (family,) = state.legal_moves().describe().choices
    (need,) = family.pieces
    assert (need.name, need.count) == ("pair", 2)
    assert set(need.options) == {C("AS AS"), C("3S 3S")}
    assert state.explain(state.parse_move("1: AS AS 3S 3S")) is None
