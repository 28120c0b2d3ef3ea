"""Move text: one reading for both games, strict about seats, clear about the bad token."""

from __future__ import annotations

import pytest

from cardrules import NotationError, load_position, shengji, siyaosi
from cardrules.notation import parse_move_text

SIYAOSI = siyaosi.State.new("classic", seed=1)
SHENGJI = shengji.State.new("four-deck", seed=1, trump="S")


@pytest.mark.parametrize("seat", ["１", "٣", "1_0", "+0", "-1", "0x1", "1.0", "100", "", " "])
def test_seats_are_ascii_digits(seat: str) -> None:
    with pytest.raises(NotationError, match="seat"):
        parse_move_text(f"{seat}: 4S")


def test_an_unknown_word_points_at_the_token() -> None:
    with pytest.raises(NotationError) as err:
        SIYAOSI.parse_move("0: ZZ")
    assert "not a card: 'ZZ'" in str(err.value)
    assert err.value.token == "ZZ" and err.value.index == 0 and err.value.offset == 3
    with pytest.raises(NotationError) as err:
        SIYAOSI.parse_move("12:  4S   XH")
    assert err.value.token == "XH" and err.value.index == 1
    assert "12:  4S   XH"[err.value.offset :].startswith("XH")


def test_a_verb_of_the_other_game_is_named_as_such() -> None:
    with pytest.raises(NotationError) as err:
        SHENGJI.parse_move("0: chi 3S 4S")
    assert "nor is it a move of this game" in str(err.value) and "bury" in str(err.value)
    with pytest.raises(NotationError) as err:
        SIYAOSI.parse_move("0: bury 3S")
    assert "cha, chi" in str(err.value)


def test_a_kind_that_names_cards_says_so() -> None:
    with pytest.raises(NotationError, match="a gou names its cards"):
        SIYAOSI.parse_move("0: gou")
    with pytest.raises(NotationError, match="a pass names no cards"):
        SIYAOSI.parse_move("0: pass 4S")
    assert str(SHENGJI.parse_move("0: pass")) == "0: pass"


def test_the_grammar_of_a_short_suit() -> None:
    table = {"game": "shengji", "variant": "four-deck", "trump": "H", "banker": 0}
    hands = ["3S 3S", "4S 5D 6D", "6S 7S", "8S 9S"]
    state = shengji.State.from_position(load_position(table | {"hands": hands}))
    state = state.apply(state.parse_move("0: 3S 3S"))
    reason = state.explain(state.parse_move("1: 5D 6D"))
    assert reason is not None and reason.code == "must-follow-suit"
    assert "you hold only 1 spade (plain)" in reason.message
