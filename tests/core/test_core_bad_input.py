"""Bad input of any shape gets a CardrulesError (a ValueError) naming the problem — never another
exception, and never a half-built object."""

from __future__ import annotations

import itertools
import random
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, Cards, GameState, MoveLike, load_position, parse_move_text
from cardrules.position import POSITION_KEYS
from cardrules.registry import game_named

M = TypeVar("M", bound=MoveLike)


def _sizes(state: GameState[M]) -> tuple[int, ...]:
    return state.hand_sizes


def _first_moves_change_the_state(state: GameState[M]) -> bool:
    legal = state.legal_moves()
    # a choice too large to list (CORE-API-3) is drawn from its description instead
    if legal.listable():
        moves = list(itertools.islice(legal, 5))
    else:
        moves = [choice.sample(random.Random(1)) for choice in legal.describe().choices]
    return all(state.apply(move) != state for move in moves)


_TOKENS = st.sampled_from(
    ["4S", "10H", "th", "SJ", "bj", "♠A", "1S", "X", "AA", "", "pass", "chi", ":", "-1", "99"]
)
_TEXT = st.one_of(st.text(max_size=20), st.lists(_TOKENS, max_size=8).map(" ".join))
_VALUES: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    _TEXT,
    st.lists(st.one_of(st.integers(-1, 9), _TEXT), max_size=9),
    st.dictionaries(st.sampled_from(["decks", "players", "cha", "kitty", "x"]), st.integers(0, 9)),
)


@pytest.mark.slow
@given(_TEXT)
def test_card_text(text: str) -> None:
    try:
        cards = Cards.parse(text)
    except CardrulesError as err:
        assert str(err)
        return
    assert Cards.parse(str(cards)) == cards


@given(_TEXT.map(lambda t: "1: " + t) | _TEXT)
def test_move_text(text: str) -> None:
    try:
        move = parse_move_text(text)
    except CardrulesError as err:
        assert str(err)
        return
    assert parse_move_text(str(move)) == move


@settings(max_examples=300)
@given(
    st.sampled_from(["siyaosi", "shengji"]),
    st.dictionaries(st.sampled_from([*POSITION_KEYS, "hand", "turn"]), _VALUES, max_size=8),
)
def test_position_tables(game: str, table: dict[str, Any]) -> None:
    table = {"game": game, "variant": "classic" if game == "siyaosi" else "four-deck"} | table
    try:
        position = load_position(table)
        sizes = game_named(position.game).state_from_position(position, _sizes)
    except CardrulesError as err:
        assert str(err)
        return
    assert sizes == tuple(len(h) for h in position.hands) or not position.hands


_CARD_GROUPS = st.lists(
    st.sampled_from(["4S", "10H", "AS", "SJ", "BJ", "2D", "KC", "5H", "3D"]), max_size=6
).map(" ".join)


@settings(max_examples=300)
@given(
    st.sampled_from(["siyaosi", "shengji"]),
    st.lists(_CARD_GROUPS, min_size=3, max_size=5),
    st.one_of(st.none(), st.integers(-1, 5)),
    st.one_of(st.none(), st.lists(st.sampled_from(["2", "3", "A", "SJ", "x"]), max_size=3)),
    st.one_of(st.none(), st.sampled_from(["S", "H", "none", "Z"])),
    st.one_of(st.none(), st.integers(-1, 5)),
    st.one_of(st.none(), st.lists(st.integers(-1, 5), max_size=3)),
)
def test_positions_with_plausible_keys(
    game: str,
    hands: list[str],
    leader: int | None,
    levels: list[str] | None,
    trump: str | None,
    seat: int | None,
    out: list[int] | None,
) -> None:
    table: dict[str, Any] = {
        "game": game,
        "variant": "classic" if game == "siyaosi" else "four-deck",
        "hands": hands,
    }
    extra: dict[str, Any] = {"leader": leader, "levels": levels, "out": out}
    extra |= {"trump": trump, "banker": seat} if game == "shengji" else {"ruling": seat}
    table |= {k: v for k, v in extra.items() if v is not None}
    try:
        position = load_position(table)
        changes = game_named(game).state_from_position(position, _first_moves_change_the_state)
    except CardrulesError as err:
        assert str(err)
        return
    assert changes
