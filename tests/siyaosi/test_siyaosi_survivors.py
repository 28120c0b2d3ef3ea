"""四幺四 match corners the other tests left open (issue 24, mutation testing): what a seat with no
move is told when it asks for one, and move texts of the tribute phase read within the decks.
The reading of a bare card in the tribute phase is a spec case (spec/cases/siyaosi/tribute.toml,
a-bare-card-by-a-seat-not-paying-now-is-a-play)."""

from __future__ import annotations

import copy
import random

import pytest

from cardrules.errors import DocumentError, IllegalMoveError, ImpossibleCardsError, NotationError
from cardrules.jsonio import JSONObject
from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.siyaosi import Match, Move, MoveKind, Phase, View

#: A tribute phase, 4A4-MATCH-3 (Match positions and records): seats 0 and 2 were caught last
#: round and pay emperor 1 and seat 3; seat 2, first after the emperor, answers the rebellion
#: question first.
TRIBUTE = {
    "game": "siyaosi",
    "variant": "classic",
    "phase": "tribute",
    "levels": ["5", "6"],
    "last_finish": [1, 3],
    "hands": ["BJ 9C 5D", "3S 4S 6D", "2S 6H 9D", "3H 4H 8C"],
}


def _tribute_phase() -> Match:
    return Match.from_position(load_position(TRIBUTE))


def _won_match() -> Match:
    match = Match.from_position(
        load_position(
            {
                "game": "siyaosi",
                "variant": "classic",
                "seed": 3,
                "levels": ["A", "9"],
                "ruling": 0,
                "hands": ["3S", "KH KD", "4S", "QH QD"],
                "leader": 0,
            }
        )
    )
    for text in ("0: 3S", "1: pass", "2: 4S"):
        match = match.apply(match.parse_move(text))
    assert match.phase is Phase.OVER
    return match


def test_a_seat_with_no_move_is_told_why_it_cannot_draw_one() -> None:
    """4A4-TRIB-7 (The order of the tribute phase): a seat that is not due has no move to draw
    (``not-due``), from the match and from its own view; once the match is won nobody has
    (``match-over``, 4A4-MATCH-1 (A match))."""
    match = _tribute_phase()
    assert match.turn == 2
    for asker in (match, match.view(1)):
        with pytest.raises(IllegalMoveError) as err:
            asker.random_move(random.Random(1), 1)
        assert err.value.reason.to_json() == {
            "code": "not-due",
            "clause": "4A4-TRIB-7",
            "message": "seat 1 has no move in the tribute phase now",
        }
    drawn = match.random_move(random.Random(1))
    assert drawn.seat == 2 and match.explain(drawn) is None
    with pytest.raises(IllegalMoveError) as over:
        _won_match().random_move(random.Random(1))
    assert str(over.value) == "match-over [4A4-MATCH-1]: the match has been won; no move follows"


def test_tribute_phase_move_texts_are_read_within_the_decks() -> None:
    """4A4-MATCH-2 (Phases and their moves): a tribute-phase text naming a third big joker of
    two decks is refused before it is judged, whether it names its kind or not; a misspelt
    kind names the word it could not read and the moves of the game."""
    match = _tribute_phase()
    for text in ("2: tribute BJ BJ BJ", "2: BJ BJ BJ", "1: return 3S 3S 3S", "0: rebel BJ BJ BJ"):
        with pytest.raises(ImpossibleCardsError) as impossible:
            match.parse_move(text)
        assert impossible.value.code == "impossible-cards"
    with pytest.raises(NotationError) as typo:
        match.parse_move("2: tribut 6H")
    assert (typo.value.token, typo.value.offset) == ("tribut", 3)
    assert "nor is it a move of this game (capture, cha, chi, gou, pass" in str(typo.value)
    assert match.parse_move("2: rebel") == Move(2, MoveKind.REBEL)
    paying = match.apply(match.parse_move("2: pass")).apply(Move(0, MoveKind.PASS))
    assert paying.parse_move("2: 6H") == Move(2, MoveKind.TRIBUTE, Cards.parse("6H"))


def _play_view_document() -> JSONObject:
    """A seat's view of the play, three plays into the first trick of a classic match."""
    match = Match.new("classic", seed=1)
    rng = random.Random(1)
    while match.phase is not Phase.PLAY:
        match = match.apply(match.random_move(rng))
    for _ in range(3):
        match = match.apply(match.random_move(rng))
    assert match.play is not None
    return match.play.view(0).to_json()


@pytest.mark.parametrize(
    ("tamper", "detail"),
    [
        ("out", "seat 3 is out but holds 27 card(s)"),
        ("hand_sizes", "seat 3 holds no cards but is not out"),
    ],
)
def test_a_view_whose_out_seats_contradict_their_hands_is_refused(tamper: str, detail: str) -> None:
    """4A4-TURN-5 (Going out): a seat is out exactly when it has played its last card, so a view
    naming an out seat that still holds cards, or a seat without cards that is not out, cannot
    be."""
    doc = _play_view_document()
    View.from_json(doc)  # the untouched document reads
    bad = copy.deepcopy(doc)
    if tamper == "out":
        bad["out"] = [3]
    else:
        bad["hand_sizes"][3] = 0  # type: ignore[index]
    with pytest.raises(DocumentError) as err:
        View.from_json(bad)
    assert (err.value.key, err.value.detail) == ("out", detail)
