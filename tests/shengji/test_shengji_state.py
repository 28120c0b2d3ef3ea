"""Unit tests of the Shengji play-phase state: dealing, positions, refusals, throws, the kitty
bonus, views and the case adapter."""

from __future__ import annotations

import json

import pytest

from cardrules.cards import all_cards
from cardrules.deck import deal
from cardrules.errors import CardrulesError, IllegalMoveError, NotationError, PositionError
from cardrules.multiset import Cards
from cardrules.notation import parse_move_text
from cardrules.position import load_position
from cardrules.rng import SeededRandom
from cardrules.shengji import KittyMultiplier, Move, MoveKind, State, load_variant
from cardrules.shengji.adapter import ADAPTER
from cardrules.shengji.scoring import kitty_bonus, kitty_factor, points_of

FOUR = load_variant()


def _position(**keys: object) -> State:
    table: dict[str, object] = {
        "game": "shengji",
        "variant": "four-deck",
        "levels": ["2", "2"],
        "trump": "H",
        "banker": 0,
    }
    table.update(keys)
    return State.from_position(load_position(table))


# ---------------------------------------------------------------------- dealing (SJ-TABLE-2, 3)
@pytest.mark.parametrize(("decks", "kitty", "size"), [(4, 8, 52), (2, 8, 25), (3, 6, 39)])
def test_deal_sizes(decks: int, kitty: int, size: int) -> None:
    variant = load_variant(overrides={"decks": decks, "kitty": kitty})
    state = State.new(variant, seed=11, trump="S")
    assert state.hand_sizes == (size,) * 4
    assert len(state.kitty) == kitty


def test_deal_starts_with_the_banker_and_depends_only_on_the_seed() -> None:
    state = State.new(FOUR, seed=99, trump="D", banker=2)
    dealt, kitty = deal(4, 99, [52] * 4)
    assert state.hands[2] == dealt[0] and state.hands[3] == dealt[1]
    assert state.hands[0] == dealt[2] and state.kitty == kitty
    assert State.new(FOUR, seed=99, trump="D", banker=2) == state
    assert state.turn == 2 and state.leader == 2


def test_levels() -> None:
    state = State.new(FOUR, seed=1, trump=None, banker=1, levels=("2", "7"))
    assert state.level.text == "7" and state.levels[0].text == "2"
    assert state.trump is None
    for bad in (("2",), ("2", "BJ"), ("2", "x"), "27"):
        with pytest.raises(PositionError) as err:
            State.new(FOUR, seed=1, levels=bad)
        assert err.value.key == "levels"


# ---------------------------------------------------------------------- positions (SJ-STATE-1)
@pytest.mark.parametrize("key", ["ruling", "out"])
def test_siyaosi_keys_are_refused_by_name(key: str) -> None:
    value: object = 0 if key == "ruling" else []
    with pytest.raises(PositionError) as err:
        _position(hands=["3S", "4S", "5S", "6S"], **{key: value})
    assert err.value.key == key


def test_impossible_sizes_are_refused() -> None:
    big = " ".join(str(c) for c in all_cards()[:53])  # 53 cards: more than a four-deck deal
    with pytest.raises(PositionError) as err:
        _position(hands=[big, "4S", "5S", "6S"])
    assert err.value.key == "hands"
    with pytest.raises(PositionError) as err:
        _position(hands=["3S", "4S", "5S", "6S"], kitty="3D 3D 3D 3D 4D 4D 4D 4D 5D")
    assert err.value.key == "kitty"
    with pytest.raises(PositionError) as err:
        State.from_position(load_position({"game": "shengji", "variant": "four-deck"}))
    assert err.value.key == "hands"


def test_missing_trump_is_named() -> None:
    table = {"game": "shengji", "variant": "four-deck", "banker": 0, "hands": ["3S"] * 4}
    with pytest.raises(PositionError) as err:
        State.from_position(load_position(table))
    assert err.value.key == "trump"


# ---------------------------------------------------------------------- refusals (SJ-STATE-2, 3)
def test_refusals_have_codes_and_change_nothing() -> None:
    state = _position(hands=["3S 4S 3D", "5S 6S 4D", "7S 8S 5D", "9S JS 6D"])
    cases = {
        "not-your-turn": Move(1, cards=Cards.parse("5S")),
        "not-in-hand": Move(0, cards=Cards.parse("AS")),
        "mixed-suits": Move(0, cards=Cards.parse("3S 3D")),
        "no-such-seat": Move(7, cards=Cards.parse("3S")),
        "wrong-phase": Move(0, MoveKind.BID, Cards.parse("3S")),
    }
    for code, move in cases.items():
        reason = state.explain(move)
        assert reason is not None and reason.code == code
        assert reason.clause.startswith("SJ-") and reason.message
        assert not state.is_legal(move)
        with pytest.raises(IllegalMoveError) as err:
            state.apply(move)
        assert err.value.code == code
    assert state == _position(hands=["3S 4S 3D", "5S 6S 4D", "7S 8S 5D", "9S JS 6D"])
    with pytest.raises(NotationError):
        Move(0, cards=Cards())  # a play names its cards: an empty play is not a move at all


def test_move_text() -> None:
    move = FOUR_STATE.parse_move("2: 8S 8D")
    assert str(move) == "2: 8S 8D" and move.kind == "play"
    assert Move.parse(str(move)) == move
    assert repr(move) == "Move.parse('2: 8S 8D')"
    assert FOUR_STATE.parse_move("2: play 8S") == Move(2, cards=Cards.parse("8S"))
    for text in ("2: bid 3H", "2: pass"):
        reason = FOUR_STATE.explain(FOUR_STATE.parse_move(text))
        assert reason is not None and reason.code == "wrong-phase"
    with pytest.raises(NotationError):
        FOUR_STATE.parse_move("2: chi 3H")
    with pytest.raises(CardrulesError):
        FOUR_STATE.parse_move("2: 8S 8S 8S 8S 8S")


FOUR_STATE = State.new(FOUR, seed=5, trump="C")


def test_leader_moves_count_without_enumerating_matches_enumeration() -> None:
    state = _position(hands=["3S 3S 4S 5D 5D 2H", "5S", "6S", "7S"])
    moves = state.legal_moves()
    listed = list(moves)
    # spades: (3S×2, 4S) → 3·2−1 = 5; diamonds 5D×2 → 2; trumps 2H → 1
    assert moves.count() == len(listed) == len(set(listed)) == 8
    assert all(state.is_legal(m) for m in listed)


# ---------------------------------------------------------------------- throws (SJ-THROW-*)
def test_failed_throw_view_shows_only_the_forced_piece() -> None:
    state = _position(hands=["AS AS KS 3D", "QS JS 4S 4D", "AS 9S 8S 5D", "10S 7S 6S 6D"])
    after = state.apply(state.parse_move("0: AS AS KS"))
    assert after.failed_throw == Cards.parse("AS AS KS")
    assert after.trick[0].cards == Cards.parse("KS")
    assert after.hands[0] == Cards.parse("AS AS 3D")
    assert after.penalties == (1, 0, 0, 0)
    for seat in range(4):
        view = after.view(seat)
        assert view.throw_failed
        assert "failed_throw" not in view.to_json()
        assert view.trick[0].cards == Cards.parse("KS")


def test_throw_penalty_switch() -> None:
    variant = load_variant(overrides={"throw_penalty": 3})
    table = {
        "game": "shengji",
        "variant": "four-deck",
        "overrides": {"throw_penalty": 3},
        "levels": ["2", "2"],
        "trump": "H",
        "banker": 0,
        "hands": ["AS AS KS 3D", "QS JS 4S 4D", "AS 9S 8S 5D", "10S 7S 6S 6D"],
    }
    state = State.from_position(load_position(table))
    assert state.variant == variant
    assert state.apply(state.parse_move("0: AS AS KS")).penalties == (3, 0, 0, 0)


# ---------------------------------------------------------------------- kitty (SJ-TRICK-5 … 7)
@pytest.mark.parametrize(
    ("mode", "k", "factor"),
    [
        *[("power", 1, 2), ("power", 2, 4), ("power", 3, 8), ("power", 4, 16), ("power", 6, 64)],
        *[("linear", 1, 1), ("linear", 3, 3), ("times", 1, 2), ("times", 4, 8)],
    ],
)
def test_kitty_factor(mode: str, k: int, factor: int) -> None:
    assert kitty_factor(KittyMultiplier(mode), k) == factor


def test_kitty_bonus_plain_and_banker() -> None:
    def bonus(attackers_won: bool, won_with_trump: bool) -> int:
        return kitty_bonus(
            kitty_points=25,
            mode=KittyMultiplier.POWER,
            largest_piece=2,
            attackers_won=attackers_won,
            won_with_trump=won_with_trump,
        ).points

    assert bonus(True, True) == 100
    assert bonus(True, False) == 25
    assert bonus(False, True) == 0


def test_point_table() -> None:
    assert points_of(Cards.parse("5S 10H KD KD AS 2C"), FOUR.point_values) == 35
    assert points_of(Cards((4,) * 54), FOUR.point_values) == 400


def test_result_only_when_over() -> None:
    state = _position(hands=["AH", "3H", "4H", "6H"], kitty="5S 10S", points=[10, 20])
    with pytest.raises(IllegalMoveError) as err:
        state.result()
    assert err.value.code == "round-not-over"
    for text in ("0: AH", "1: 3H", "2: 4H", "3: 6H"):
        state = state.apply(state.parse_move(text))
    result = state.result()
    assert state.is_over and result.attacker_points == 20 and result.banker_points == 10
    assert result.kitty is not None and result.kitty.factor == 0
    assert state.view(1).kitty == Cards.parse("5S 10S")


# ---------------------------------------------------------------------- views (SJ-STATE-4)
def test_view_shows_own_hand_and_kitty_only_to_the_banker() -> None:
    state = State.new(FOUR, seed=3, trump="S", banker=1)
    assert state.view(1).kitty == state.kitty
    for seat in (0, 2, 3):
        view = state.view(seat)
        assert view.kitty is None and view.kitty_size == 8
        assert view.hand == state.hands[seat]
    with pytest.raises(ValueError):
        state.view(4)


# ---------------------------------------------------------------------- adapter
def test_adapter_classify_and_beats() -> None:
    position = load_position(
        {"game": "shengji", "variant": "four-deck", "levels": ["2", "3"], "trump": "D"}
        | {"banker": 1}
    )
    assert ADAPTER.classify(position, parse_move_text("0: 3D 3D 2D 2D")) == "tractor"
    assert ADAPTER.classify(position, parse_move_text("0: 4S 4H")) == "invalid"
    assert ADAPTER.classify(position, parse_move_text("0: AS AS KS")) == "throw"
    top, play = parse_move_text("0: AS"), parse_move_text("1: 3C")
    assert ADAPTER.beats(position, top, play)  # 3C is a level card, so a trump
    assert not ADAPTER.beats(position, play, top)


def test_adapter_needs_the_banker_when_levels_differ() -> None:
    position = load_position(
        {"game": "shengji", "variant": "four-deck", "levels": ["2", "3"], "trump": "D"}
    )
    with pytest.raises(PositionError) as err:
        ADAPTER.classify(position, parse_move_text("0: 3D"))
    assert err.value.key == "banker"


def test_random_move_from_a_seeded_random_is_reproducible() -> None:
    def game(seed: int) -> list[str]:
        state = State.new(FOUR, seed=seed, trump="D")
        rng = SeededRandom(seed)
        moves = []
        while not state.is_over:
            move = state.random_move(rng)
            moves.append(str(move))
            state = state.apply(move)
        return moves

    first = game(8)
    assert first == game(8)
    assert first != game(9)


def test_bad_json_is_refused_clearly() -> None:
    data = FOUR_STATE.to_json()
    hands = data["hands"]
    assert isinstance(hands, list)
    bad = [
        {**data, "hands": hands[:3]},
        {**data, "banker": 9},
        {k: v for k, v in data.items() if k != "hands"},
        {**data, "kitty": "XX"},
    ]
    for table in bad:
        with pytest.raises(CardrulesError, match="not a shengji state"):
            State.from_json(table)
    with pytest.raises(CardrulesError, match="not a shengji move"):
        Move.from_json({"seat": 1})
    assert State.from_json(json.dumps(data)) == FOUR_STATE
