"""Trick points for a failed throw, SJ-THROW-8: the state moves them when a throw fails, its
views and documents carry them, the round's result counts them (floored at 0 once, at the end),
and a state, view or result that claims points no failed throw could have moved is refused."""

from __future__ import annotations

import json

import attrs
import pytest

from cardrules.cards import Rank, Suit
from cardrules.errors import PositionError
from cardrules.multiset import Cards
from cardrules.shengji import State, View, load_variant
from cardrules.shengji.events import ThrowFailed
from cardrules.shengji.result import RoundResult, check_result

FOUR = load_variant("four-deck")
FINED = FOUR.replace(throw_penalty_points=10)


def _state(leader: int, hands: list[str], points: tuple[int, int] = (0, 0)) -> State:
    return State(
        variant=FINED,
        levels=(Rank.TWO, Rank.TWO),
        trump=Suit.HEARTS,
        banker=0,
        hands=tuple(Cards.parse(h) for h in hands),
        kitty=Cards.parse("3D 4D"),
        points=points,
        leader=leader,
    )


def _play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.apply(state.parse_move(text))
    return state


BANKER_THROWS = _state(0, ["AS QS", "KS 3S", "4S 6S", "7S 8S"], (0, 60))
ATTACKER_THROWS = _state(1, ["7S 8S", "AS QS", "KS 3S", "4S 6S"], (0, 5))


def test_a_failed_throw_moves_points_by_the_throwers_team() -> None:
    banker = _play(BANKER_THROWS, "0: AS QS")
    assert banker.throw_points == 10 and banker.points == (0, 60)
    attacker = _play(ATTACKER_THROWS, "1: AS QS")
    assert attacker.throw_points == -10
    _, events = attacker.step(attacker.parse_move("2: KS"))
    assert not any(isinstance(e, ThrowFailed) for e in events)
    _, failed = ATTACKER_THROWS.step(ATTACKER_THROWS.parse_move("1: AS QS"))
    assert [e.points for e in failed if isinstance(e, ThrowFailed)] == [-10]


def test_the_round_total_counts_them_and_is_floored_once_at_the_end() -> None:
    done = _play(BANKER_THROWS, "0: AS QS", "1: KS", "2: 4S", "3: 7S", "1: 3S", "2: 6S", "3: 8S",
                 "0: AS")  # fmt: skip
    assert done.result().attacker_points == 60 + 10 + 10 and done.result().throw_points == 10
    owed = _play(ATTACKER_THROWS, "1: AS QS", "2: KS", "3: 4S", "0: 7S", "2: 3S", "3: 6S", "0: 8S",
                 "1: AS")  # fmt: skip
    assert owed.points[owed.attacker_team] == 5
    assert owed.result().attacker_points == 0 and owed.result().throw_points == -10
    check_result(owed.result(), FINED)


def test_views_and_documents_carry_them() -> None:
    state = _play(BANKER_THROWS, "0: AS QS")
    for seat in range(4):
        view = state.view(seat)
        assert view.throw_points == 10
        assert View.from_json(json.dumps(view.to_json())) == view
    assert State.from_json(json.dumps(state.to_json())) == state


def test_a_document_claiming_points_no_failed_throw_moved_is_refused() -> None:
    state = _play(BANKER_THROWS, "0: AS QS")
    for forged in (20, -10, 5, 0):
        data = state.to_json()
        data["throw_points"] = forged
        with pytest.raises(PositionError) as err:
            State.from_json(json.dumps(data))
        assert err.value.key == "throw_points"
    view = state.view(2).to_json()
    view["throw_points"] = -10
    with pytest.raises(PositionError):
        View.from_json(json.dumps(view))


def test_a_table_without_the_rule_moves_nothing() -> None:
    plain = attrs.evolve(BANKER_THROWS, variant=FOUR)
    assert _play(plain, "0: AS QS").throw_points == 0
    with pytest.raises(PositionError) as err:
        attrs.evolve(plain, throw_points=10)
    assert err.value.key == "throw_points"
    result = RoundResult(
        banker=0, attacker_points=30, banker_points=0, kitty=None, penalties=(0,) * 4,
        throw_points=10,
    )  # fmt: skip
    with pytest.raises(PositionError):
        check_result(result, FOUR)
