"""Hostile JSON: a game server reads states, views, moves, results and event logs from strangers.

Whatever it is given, a reader either refuses with one ``CardrulesError`` naming the field, or
returns something that could exist: every move it lists is accepted, its cards are within the
decks, and it plays on to the end of the round without an error.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, GameState, MoveLike, shengji, siyaosi
from cardrules.deck import full_deck
from cardrules.errors import ArgumentError, DocumentError, PositionError, VariantError
from cardrules.jsonio import JSON
from cardrules.limits import MAX_JSON_DEPTH
from cardrules.multiset import Cards
from cardrules.testing.strategies import seeds, variants
from cardrules.testing.tamper import put, tampered

M = TypeVar("M", bound=MoveLike)

# ---------------------------------------------------------------- random states to tamper with


def _walk(state: GameState[M], rng: random.Random, steps: int) -> GameState[M]:
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(state.random_move(rng))
    return state


def _siyaosi_doc(variant: object, seed: int, steps: int) -> dict[str, JSON]:
    assert isinstance(variant, siyaosi.Variant)
    state = siyaosi.State.new(variant, seed=seed, levels=("5", "7"), ruling=seed % 2)
    return _walk(state, random.Random(seed), steps).to_json()


def _shengji_doc(variant: object, seed: int, steps: int) -> dict[str, JSON]:
    assert isinstance(variant, shengji.Variant)
    state = shengji.State.new(variant, seed=seed, trump="D", banker=seed % variant.players)
    return _walk(state, random.Random(seed), steps).to_json()


_ODD_VALUES: list[JSON] = [
    None,
    True,
    -1,
    0,
    4,
    10**6,
    10**30,
    1.9,
    "2",
    "",
    "ZZ",
    "BJ BJ BJ BJ BJ",
    "SJ",
    [],
    [0, 0],
    [99],
    {},
    {"seat": 99, "kind": "bogus", "cards": "4S"},
    {"seat": 1, "kind": "play", "cards": "4S 4S 4S 4S 4S 4S 4S 4S 4S"},
]


def _tamper(doc: dict[str, JSON], other: dict[str, JSON], data: st.DataObject) -> dict[str, JSON]:
    return tampered(doc, other, data, odd=_ODD_VALUES, swap="hands")


def _sound(state: GameState[M]) -> None:
    """A loaded state is one that could exist: its listed moves are accepted, its cards are
    within the decks, and random play takes it to the end without an error."""
    decks = state.variant.decks
    total = sum(state.hands, Cards()) + sum((m.cards for m in state.trick), Cards())
    assert total <= full_deck(decks)
    rng = random.Random(7)
    legal = state.legal_moves()
    # a choice too large to list (CORE-API-3) is drawn from its description instead
    some = list(itertools.islice(legal, 30)) if legal.listable() else []
    for move in some + [choice.sample(rng) for choice in legal.describe().choices]:
        state.apply(move)
    for _ in range(2_000):
        if state.is_over:
            state.result()
            return
        state = state.apply(state.random_move(rng))
    raise AssertionError("a loaded state did not reach the end of its round")


SETTINGS = settings(
    max_examples=150, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@pytest.mark.slow
@SETTINGS
@given(variants("siyaosi"), seeds(), st.integers(0, 80), st.integers(0, 80), st.data())
def test_tampered_siyaosi_states_are_refused_or_sound(
    variant: object, seed: int, a: int, b: int, data: st.DataObject
) -> None:
    doc = _siyaosi_doc(variant, seed, a)
    other = _siyaosi_doc(variant, (seed + 1) % 2**64, b)
    tampered = _tamper(doc, other, data)
    try:
        state = siyaosi.State.from_json(json.dumps(tampered))
    except CardrulesError as err:
        assert str(err).startswith("not a siyaosi state")
        return
    _sound(state)


@pytest.mark.slow
@SETTINGS
@given(variants("shengji").filter(lambda v: v.decks <= 4), seeds(), st.integers(0, 80), st.data())
def test_tampered_shengji_states_are_refused_or_sound(
    variant: object, seed: int, steps: int, data: st.DataObject
) -> None:
    doc = _shengji_doc(variant, seed, steps)
    other = _shengji_doc(variant, (seed + 1) % 2**64, steps // 2)
    tampered = _tamper(doc, other, data)
    try:
        state = shengji.State.from_json(json.dumps(tampered))
    except CardrulesError as err:
        assert str(err).startswith("not a shengji state")
        return
    _sound(state)


# ---------------------------------------------------------------------- the findings, one by one
def _siyaosi_json() -> dict[str, JSON]:
    return siyaosi.State.new("classic", seed=3).to_json()


def _shengji_json() -> dict[str, JSON]:
    return shengji.State.new("four-deck", seed=3, trump="S").to_json()


SIYAOSI_IMPOSSIBLE: list[tuple[str, Callable[[dict[str, JSON]], None]]] = [
    ("five big jokers in two decks", lambda d: put(d, ("hands", 0), "BJ BJ BJ BJ BJ")),
    ("two hands at four seats", lambda d: put(d, ("hands",), d["hands"][:2])),  # type: ignore[index]
    ("five hands at four seats", lambda d: put(d, ("hands",), [*d["hands"], ""])),  # type: ignore[misc]
    ("turn 4", lambda d: put(d, ("turn",), 4)),
    ("turn -1", lambda d: put(d, ("turn",), -1)),
    ("turn a million", lambda d: put(d, ("turn",), 10**6)),
    ("leader 10^30", lambda d: put(d, ("leader",), 10**30)),
    ("out while holding cards", lambda d: put(d, ("out",), [0, 0])),
    ("a joker as a level", lambda d: put(d, ("levels",), ["BJ", "2"])),
    ("a top claiming a 4A4", lambda d: put(d, ("top",), "4S 4S AS")),
    ("a trick entry by seat 99", lambda d: put(d, ("trick",), [_ODD_VALUES[-2]])),
    ("seat as a float", lambda d: put(d, ("leader",), 1.9)),
    ("seat as text", lambda d: put(d, ("leader",), "2")),
    ("format true", lambda d: put(d, ("format",), True)),
]


@pytest.mark.parametrize(
    ("what", "change"), SIYAOSI_IMPOSSIBLE, ids=[w for w, _ in SIYAOSI_IMPOSSIBLE]
)
def test_impossible_siyaosi_states_are_refused(
    what: str, change: Callable[[dict[str, JSON]], None]
) -> None:
    doc = _siyaosi_json()
    change(doc)
    with pytest.raises(DocumentError):
        siyaosi.State.from_json(doc)


SHENGJI_IMPOSSIBLE: list[tuple[str, Callable[[dict[str, JSON]], None]]] = [
    ("221 cards in a 216-card game", lambda d: put(d, ("kitty",), "BJ BJ BJ BJ BJ 3S 3S 3S 3S")),
    (
        "a 17-card kitty",
        lambda d: put(d, ("kitty",), "3S 4S 5S 6S 7S 8S 9S JS QS KS AS 3H 4H 5H 6H 7H 8H"),
    ),
    ("negative points", lambda d: put(d, ("points",), [-1000, 0])),
    ("more points than the decks", lambda d: put(d, ("points",), [400, 300])),
    (
        "a trick led out of turn",
        lambda d: put(d, ("trick",), [{"seat": 2, "kind": "play", "cards": "3S"}]),
    ),
    (
        "a full trick left open",
        lambda d: put(
            d, ("trick",), [{"seat": s, "kind": "play", "cards": "3S"} for s in range(4)]
        ),
    ),
    (
        "a mixed-suit lead",
        lambda d: put(d, ("trick",), [{"seat": 0, "kind": "play", "cards": "3S 3D"}]),
    ),
    ("a joker as a level", lambda d: put(d, ("levels",), ["SJ", "2"])),
    ("seat Infinity", lambda d: put(d, ("banker",), float("inf"))),
]


@pytest.mark.parametrize(
    ("what", "change"), SHENGJI_IMPOSSIBLE, ids=[w for w, _ in SHENGJI_IMPOSSIBLE]
)
def test_impossible_shengji_states_are_refused(
    what: str, change: Callable[[dict[str, JSON]], None]
) -> None:
    doc = _shengji_json()
    change(doc)
    with pytest.raises(DocumentError):
        shengji.State.from_json(json.loads(json.dumps(doc, allow_nan=True)))


@pytest.mark.parametrize(
    "reader",
    [
        siyaosi.State.from_json,
        shengji.State.from_json,
        siyaosi.View.from_json,
        shengji.View.from_json,
        siyaosi.Move.from_json,
        shengji.Move.from_json,
        siyaosi.RoundResult.from_json,
        shengji.RoundResult.from_json,
        siyaosi.events_from_json,
        shengji.events_from_json,
    ],
)
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * (MAX_JSON_DEPTH + 1) + "1" + "}" * (MAX_JSON_DEPTH + 1),
        '{"format": 1, "seat": Infinity}',
        '{"format": 1, "seat": NaN}',
        '{"format": 1e999}',
        "1" * 5000,
        b"\xff\xfe{}",
        "",
        "null",
    ],
)
def test_every_reader_refuses_garbage_quickly(
    reader: Callable[[str | bytes], object], text: str | bytes
) -> None:
    start = time.perf_counter()
    with pytest.raises(CardrulesError):
        reader(text)
    assert time.perf_counter() - start < 1.0


@given(st.one_of(st.binary(max_size=200), st.text(max_size=200)))
def test_random_text_is_refused_as_a_document(text: str | bytes) -> None:
    for reader in (siyaosi.State.from_json, shengji.View.from_json, shengji.Move.from_json):
        with pytest.raises(CardrulesError):
            reader(text)


def test_a_round_result_that_disagrees_with_its_finish_is_refused() -> None:
    doc = siyaosi.round_result(4, (3, 1), None).to_json()
    doc["caught"] = [0]
    with pytest.raises(DocumentError, match="follow"):
        siyaosi.RoundResult.from_json(doc)
    bad = shengji.State.new("four-deck", seed=1).to_json()
    with pytest.raises(DocumentError):
        shengji.RoundResult.from_json(
            {"format": 1, "game": "shengji", "type": "result", "banker": "x"}
        )
    assert bad["type"] == "state"


# ---------------------------------------------------------------------- constructors validate too
def test_constructors_refuse_what_cannot_exist() -> None:
    with pytest.raises(VariantError):
        siyaosi.Variant(players=5)
    with pytest.raises(PositionError):
        siyaosi.State.new("classic", seed=1, levels=("BJ", "BJ"))
    with pytest.raises(PositionError):
        siyaosi.State.new("classic", seed=1, levels=("2",))
    with pytest.raises(PositionError):
        shengji.State.new("four-deck", seed=1, levels=("BJ", "2"))
    with pytest.raises(PositionError):
        shengji.State.new("four-deck", seed=1, banker=7)
    state = shengji.State.new("four-deck", seed=1)
    with pytest.raises(ArgumentError):
        state.view(9)
    with pytest.raises(PositionError):
        siyaosi.State(state.variant, (), 0)  # type: ignore[arg-type]


def test_states_built_with_levels_as_text_write_json() -> None:
    state = siyaosi.State.new("classic", seed=1, levels=("5", "6"))
    assert siyaosi.State.from_json(state.to_json()) == state


def test_a_move_of_impossibly_many_cards_is_refused_before_any_work() -> None:
    start = time.perf_counter()
    with pytest.raises(CardrulesError):
        Cards((10**7,) * 54)
    with pytest.raises(CardrulesError):
        Cards.from_counts([10**7] * 54)
    most = Cards((8,) * 54)  # every card of eight decks: the most any move can name
    for state in (siyaosi.State.new("classic", seed=1), shengji.State.new("four-deck", seed=1)):
        move_type = siyaosi.Move if isinstance(state, siyaosi.State) else shengji.Move
        reason = state.explain(move_type(0, cards=most))  # type: ignore[arg-type]
        assert reason is not None and reason.code == "not-in-hand"
        assert len(reason.message) < 2000
    assert time.perf_counter() - start < 1.0
