"""The one protocol (spec/core.md), checked the same way on both games: a driver typed against
``GameState``/``GameView`` plays whole rounds with view-only bots; a view answers as the state
does for its seat; events replay into the same states; every document carries its envelope."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import GameState, MoveLike, shengji, siyaosi
from cardrules.bots import Bot, RandomBot, play_round
from cardrules.events import Event, read_events, seen_by, write_events
from cardrules.multiset import Cards
from cardrules.position import Position, load_position
from cardrules.testing.strategies import seeds, variants

M = TypeVar("M", bound=MoveLike)

GAMES = ["siyaosi", "shengji"]


def _siyaosi(seed: int, variant: siyaosi.Variant | None = None) -> siyaosi.State:
    return siyaosi.State.new(variant or siyaosi.load_variant("classic"), seed=seed)


def _shengji(seed: int, variant: shengji.Variant | None = None) -> shengji.State:
    return shengji.State.new(variant or shengji.load_variant(), seed=seed, trump="S")


def _events_classes(game: str) -> tuple[type[Event], ...]:
    return siyaosi.EVENTS if game == "siyaosi" else shengji.EVENTS


# ---------------------------------------------------------------------- a typed driver
def _drive(state: GameState[M], seed: int) -> tuple[GameState[M], int]:
    rng = random.Random(seed)
    bots: list[Bot[M]] = [RandomBot(eager=0.5) for _ in range(state.players)]
    final, log = play_round(state, bots, rng)
    assert final.is_over and final.turn is None
    assert not list(final.legal_moves())
    assert log and all(t.events and t.events[0].NAME == "move" for t in log)
    return final, len(log)


@pytest.mark.parametrize("seed", range(3))
def test_view_only_bots_play_whole_rounds_of_both_games(seed: int) -> None:
    final_a, moves_a = _drive(_siyaosi(seed), seed)
    final_b, moves_b = _drive(_shengji(seed), seed)
    assert final_a.result().to_json()["game"] == "siyaosi"
    assert final_b.result().to_json()["game"] == "shengji"
    assert moves_a > 10 and moves_b > 100


def test_the_driver_refuses_a_table_without_one_bot_per_seat() -> None:
    from cardrules.errors import CardrulesError

    bots: list[Bot[siyaosi.Move]] = [RandomBot()]
    with pytest.raises(CardrulesError):
        play_round(_siyaosi(1), bots, random.Random(1))


# ---------------------------------------------------------------------- views answer as states
def _views_agree(state: GameState[M], rng: random.Random, limit: int) -> None:
    for seat in range(state.players):
        view = state.view(seat)
        assert view.turn == state.turn and view.is_over == state.is_over
        assert view.hand_sizes == state.hand_sizes
        # a choice too large to list is described alike (CORE-API-3), and listed by neither
        assert view.legal_moves().describe() == state.legal_moves(seat).describe()
        listable = state.legal_moves(seat).listable()
        assert view.legal_moves().listable() == listable
        mine = list(itertools.islice(view.legal_moves(), limit)) if listable else []
        assert mine == (list(itertools.islice(state.legal_moves(seat), limit)) if listable else [])
        assert view.legal_moves().count() == state.legal_moves(seat).count() or len(mine) == limit
        candidates = [*mine[:8], state.random_move(rng)] if not state.is_over else mine
        for move in candidates:
            verdict = state.explain(move) if move.seat == seat else None
            if move.seat == seat:
                assert view.explain(move) == verdict
            else:
                refusal = view.explain(move)
                assert refusal is not None and refusal.code == "not-viewing-seat"


def _walk(state: GameState[M], seed: int, check: Callable[[GameState[M]], None]) -> None:
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps < 400:
        if steps % 7 == 0:
            check(state)
        state = state.apply(state.random_move(rng))
        steps += 1
    check(state)


@settings(max_examples=12)
@given(variants("siyaosi"), seeds())
def test_siyaosi_views_answer_as_the_state(variant: object, seed: int) -> None:
    assert isinstance(variant, siyaosi.Variant)
    rng = random.Random(seed)
    _walk(_siyaosi(seed, variant), seed, lambda s: _views_agree(s, rng, 10_000))


@settings(max_examples=8)
@given(variants("shengji").filter(lambda v: v.decks <= 4), seeds())
def test_shengji_views_answer_as_the_state(variant: object, seed: int) -> None:
    assert isinstance(variant, shengji.Variant)
    rng = random.Random(seed)
    _walk(_shengji(seed, variant), seed, lambda s: _views_agree(s, rng, 200))


# ---------------------------------------------------------------------- events replay
def _replayed(start: GameState[M], seed: int, game: str) -> None:
    rng = random.Random(seed)
    state = start
    states = [start]
    log: list[Event] = []
    while not state.is_over:
        state, events = state.step(state.random_move(rng))
        states.append(state)
        log.extend(events)
    text = json.dumps(write_events(game, log))
    again = read_events(text, game, _events_classes(game))
    assert again == tuple(log)
    # the moves of the log rebuild every state, and the same events
    state = start
    rebuilt: list[Event] = []
    n = 1
    for event in again:
        if event.NAME != "move":
            continue
        move = state.parse_move(f"{event.to_json()['seat']}: {event.to_json()['kind']} "
                                f"{event.to_json()['cards']}")  # fmt: skip
        state, events = state.step(move)
        rebuilt.extend(events)
        assert state == states[n]
        n += 1
    assert rebuilt == log and n == len(states)


@pytest.mark.parametrize("seed", range(4))
def test_events_replay_into_the_same_states(seed: int) -> None:
    _replayed(_siyaosi(seed, siyaosi.load_variant("one-deck")), seed, "siyaosi")
    _replayed(_siyaosi(seed), seed, "siyaosi")
    _replayed(_shengji(seed), seed, "shengji")


def test_seen_by_hides_a_failed_throw() -> None:
    state = shengji.State.from_position(
        _position("shengji", hands=["AS AS KS 3D", "QS JS 4S 4D", "AS 9S 8S 5D", "10S 7S 6S 6D"])
    )
    _, events = state.step(state.parse_move("0: AS AS KS"))
    assert [e.NAME for e in events] == ["move", "throw-failed"]
    for seat in (1, 2, 3):
        other = seen_by(events, seat)
        assert other[0].to_json() == {"event": "move", "seat": 0, "kind": "play", "cards": "KS"}
        assert other[1] == events[1]
    assert seen_by(events, 0) == events
    assert events[0].to_json()["cards"] == "KS AS AS"
    assert events[0].to_json()["forced"] == "KS"


def _position(game: str, **table: object) -> Position:

    base: dict[str, object] = {"game": game, "variant": "four-deck", "trump": "H", "banker": 0}
    return load_position(base | table)


# ---------------------------------------------------------------------- documents
@pytest.mark.parametrize("game", GAMES)
def test_every_document_carries_its_envelope(game: str) -> None:
    rng = random.Random(3)
    state: GameState[siyaosi.Move] | GameState[shengji.Move]
    docs = []
    if game == "siyaosi":
        s1 = _siyaosi(3)
        move1 = s1.random_move(rng)
        after1, events1 = s1.step(move1)
        docs = [
            s1.to_json(),
            s1.view(1).to_json(),
            move1.to_json(),
            siyaosi.events_to_json(events1),
        ]
        state = after1
    else:
        s2 = _shengji(3)
        move2 = s2.random_move(rng)
        after2, events2 = s2.step(move2)
        docs = [
            s2.to_json(),
            s2.view(1).to_json(),
            move2.to_json(),
            shengji.events_to_json(events2),
        ]
        state = after2
    assert state.to_json()["type"] == "state"
    for doc in docs:
        assert doc["format"] == 1 and doc["game"] == game
        assert list(doc)[:3] == ["format", "game", "type"]
        assert _plain(doc), doc


def _plain(value: object) -> bool:
    """Only JSON's own types, exactly (no enum or other str subclass slipping through)."""
    if type(value) is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    if type(value) is list:
        return all(_plain(v) for v in value)
    return type(value) in (str, int, float, bool, type(None))


def test_a_document_of_the_other_game_is_refused() -> None:
    from cardrules.errors import DocumentError

    with pytest.raises(DocumentError, match="game"):
        shengji.State.from_json(_siyaosi(1).to_json())
    with pytest.raises(DocumentError, match="format"):
        siyaosi.State.from_json({**_siyaosi(1).to_json(), "format": 2})


@given(st.sampled_from([0, 1, 2, 3]))
def test_view_of_a_seat_not_at_the_table_is_refused_alike(seat: int) -> None:
    from cardrules.errors import ArgumentError

    for state in (_siyaosi(1), _shengji(1)):
        assert state.view(seat).hand == state.hands[seat]
        for bad in (-1, 4, 9):  # an argument of the call (issue 19): bad-argument, as legal_moves
            with pytest.raises(ArgumentError):
                state.view(bad)
            with pytest.raises(ArgumentError):
                state.legal_moves(bad)


def test_cards_of_a_view_are_only_its_own() -> None:
    state = _shengji(2)
    text = json.dumps(state.view(1).to_json())
    assert str(state.hands[0]) not in text and str(state.hands[1]) in text
    assert isinstance(state.view(1).hand, Cards)
