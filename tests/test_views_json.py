"""Views round-trip through JSON and act for their seat as the view that wrote them
(CORE-VIEW-1 (Views act for their seat)): ``MatchView.from_json(view.to_json()) == view`` in every
phase of both games, the rebuilt view lists, counts, explains and draws the seat's moves as the
original does, and a view reads its own seat's move text without the seat. The readers are
strict: what no match could show a seat is refused, naming the field."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import given, settings

from cardrules import (
    CardrulesError,
    DocumentError,
    GameView,
    MoveLike,
    MoveText,
    PositionError,
    load_position,
    shengji,
    siyaosi,
)
from cardrules.cards import Rank
from cardrules.jsonio import JSON, JSONObject
from cardrules.siyaosi.match.record import dealt
from cardrules.siyaosi.variant import Victory
from cardrules.testing.strategies import seeds, variants

M = TypeVar("M", bound=MoveLike)


def _same_actor(view: GameView[M], again: GameView[M], rng_seed: int, bury: bool) -> int:
    """``again`` acts for its seat as ``view``: the same first legal moves and as many of them
    (no burial is listed: 8 of 60 cards), the same verdicts on a sample of moves (legal ones,
    drawn ones, another seat's), the same draw from the same random state, the same reading of
    move text. Returns how many moves were compared."""
    assert again.turn == view.turn and again.is_over == view.is_over
    assert again.phase == view.phase and again.levels == view.levels
    sample: list[M] = []
    if not bury:
        sample = list(itertools.islice(view.legal_moves(), 12))
        assert list(itertools.islice(again.legal_moves(), 12)) == sample
        assert again.legal_moves().count() == view.legal_moves().count() >= len(sample)
    try:
        drawn = view.random_move(random.Random(rng_seed))
    except CardrulesError as err:
        with pytest.raises(CardrulesError) as again_err:
            again.random_move(random.Random(rng_seed))
        assert again_err.value.code == err.code
    else:
        assert again.random_move(random.Random(rng_seed)) == drawn
        sample.append(drawn)
    for move in sample:
        assert again.explain(move) == view.explain(move) is None
        text = str(move).split(": ", 1)[1]  # the seat-less form
        assert again.parse_move(text) == view.parse_move(text) == move
        other = f"{(view.seat + 1) % view.players}: {text}"
        with pytest.raises(CardrulesError) as refused:
            again.parse_move(other)
        assert refused.value.code == "other-seat"
    return len(sample)


def _round_trips(
    view: GameView[M], read: Callable[[str], GameView[M]], rng_seed: int, bury: bool
) -> int:
    text = json.dumps(view.to_json())
    again = read(text)
    assert again == view
    assert again.to_json() == view.to_json()
    return _same_actor(view, again, rng_seed, bury)


# ---------------------------------------------------------------------- 四幺四
def _near_the_end(variant: siyaosi.Variant, seed: int) -> siyaosi.Match:
    """Round 2 of a match under ``victory = "reach"``, team 1 at A: a round or a few end it
    (as in tests/test_schema.py)."""
    # Without an A gate victory follows as "reach" (CORE-VARIANT-2 (A switch may follow another)).
    variant = variant.replace(gates=[g for g in variant.gates if g != "A"])
    assert variant.victory is Victory.REACH
    top, below = Rank.ACE, max(variant.start_level, Rank.KING)
    if below is top:
        return siyaosi.Match.new(variant, seed=seed)
    return siyaosi.Match(
        variant=variant,
        seed=seed,
        round=2,
        levels=(below, top),
        ruling=0,
        last_finish=tuple(range(variant.players)),
        deal=dealt(variant, seed, 2),
    )


def _walk(match: siyaosi.Match, rng: random.Random, steps: int, seen: set[str]) -> int:
    compared = 0
    for n in range(steps):
        if match.phase is not siyaosi.Phase.PLAY or n % 9 == 0 or match.is_over:
            for seat in range(match.players):
                compared += _round_trips(
                    match.view(seat), siyaosi.MatchView.from_json, n, bury=False
                )
                if match.play is not None:
                    compared += _round_trips(
                        match.play.view(seat), siyaosi.View.from_json, n, bury=False
                    )
            seen.add(str(match.phase))
        if match.is_over:
            break
        match = match.apply(match.random_move(rng))
    return compared


@pytest.mark.slow
@settings(max_examples=4, deadline=None)
@given(variants("siyaosi"), seeds())
def test_siyaosi_match_views_round_trip_and_act_alike(variant: object, seed: int) -> None:
    assert isinstance(variant, siyaosi.Variant)
    rng = random.Random(seed)
    seen: set[str] = set()
    compared = _walk(siyaosi.Match.new(variant, seed=seed), rng, 150, seen)
    compared += _walk(_near_the_end(variant, seed), rng, 5_000, seen)
    assert {"play", "over"} <= seen and compared


def test_siyaosi_tribute_views_round_trip() -> None:
    """A tribute phase with a rebellion, its suppression, tributes and returns (whose cards only
    their two seats see), at every step."""
    match = siyaosi.Match.from_position(
        load_position(
            {
                "game": "siyaosi",
                "variant": "classic",
                "phase": "tribute",
                "levels": ["5", "6"],
                "last_finish": [1, 3],
                "hands": ["SJ BJ 9C", "3S 7D", "2S 6H 9D", "SJ BJ 8C"],
            }
        )
    )
    steps = 0
    while match.phase is siyaosi.Phase.TRIBUTE:
        for seat in range(4):
            _round_trips(match.view(seat), siyaosi.MatchView.from_json, steps, bury=False)
        match = match.apply(next(iter(match.legal_moves())))
        steps += 1
    for seat in range(4):
        _round_trips(match.view(seat), siyaosi.MatchView.from_json, steps, bury=False)
    assert steps >= 4


# ---------------------------------------------------------------------- Shengji
@settings(max_examples=4, deadline=None)
@given(variants("shengji", match_rounds=1, decks=1, kitty=6), seeds())
def test_shengji_match_views_round_trip_and_act_alike(variant: object, seed: int) -> None:
    """A one-round match from the deal through bidding, burial, frying and play to its end."""
    assert isinstance(variant, shengji.Variant)
    rng = random.Random(seed)
    match = shengji.Match.new(variant, seed=seed)
    seen: set[str] = set()
    for n in range(3_000):
        long = match.phase in (shengji.Phase.DEAL, shengji.Phase.PLAY)
        if not long or n % 11 == 0 or match.is_over:
            bury = match.phase is shengji.Phase.BURY
            for seat in range(match.players):
                _round_trips(match.view(seat), shengji.MatchView.from_json, n, bury)
                if match.play is not None:
                    _round_trips(match.play.view(seat), shengji.View.from_json, n, bury=False)
            seen.add(str(match.phase))
        if match.is_over:
            break
        match = match.apply(match.random_move(rng))
    assert {"deal", "bid", "bury", "play", "over"} <= seen


def test_the_trump_context_is_known_from_the_burial_on() -> None:
    variant = shengji.load_variant("four-deck", overrides={"match_rounds": 1})
    match = shengji.Match.new(variant, seed=4)
    rng = random.Random(4)
    while match.phase is not shengji.Phase.BURY:
        assert match.view(0).trump_context is None
        match = match.apply(match.random_move(rng))
    view = match.view(match.burier or 0)
    ctx = view.trump_context
    if match.bid is None or match.bid.named:
        assert ctx is not None and ctx.level == view.level and ctx.trump == match.trump
    match = _play_until(match, shengji.Phase.PLAY, rng)
    play = match.view(0)
    assert play.trump_context is not None and play.play is not None
    assert play.trump_context is play.play.trump_context
    assert play.phase == play.play.phase == "play"


# ---------------------------------------------------------------------- the variant once
def test_a_match_view_carries_the_variant_once() -> None:
    siyaosi_match = siyaosi.Match.new("classic", seed=2)
    shengji_match = shengji.Match.new("four-deck", seed=2)
    rng = random.Random(2)
    while shengji_match.phase is not shengji.Phase.PLAY:
        shengji_match = shengji_match.apply(shengji_match.random_move(rng))
    for view in (siyaosi_match.view(1), shengji_match.view(1)):
        doc = view.to_json()
        play = doc["play"]
        assert isinstance(play, dict) and play["type"] == "view" and "variant" not in play
        assert json.dumps(doc).count('"variant"') == 1


# ---------------------------------------------------------------------- seat-less move text
def test_a_view_reads_its_own_moves_without_the_seat() -> None:
    state = siyaosi.State.new("classic", seed=7)
    view = state.view(state.leader)
    seat = view.seat
    assert view.parse_move("cha 8C 8C") == siyaosi.Move(
        seat, siyaosi.MoveKind.CHA, siyaosi.Move.parse("0: 8C 8C").cards
    )
    assert view.parse_move("pass") == view.parse_move(f"{seat}: pass")
    match_view = siyaosi.Match.new("classic", seed=7).view(seat)
    assert match_view.parse_move("3S") == siyaosi.Move.parse(f"{seat}: 3S")
    shengji_view = shengji.Match.new("four-deck", seed=7).view(2)
    assert shengji_view.parse_move("bury 3S 4S") == shengji.Move(
        2, shengji.MoveKind.BURY, shengji.Move.parse("2: 3S 4S").cards
    )
    assert shengji.State.new("four-deck", seed=7).view(3).parse_move("3S").seat == 3


@pytest.mark.parametrize("text", ["1: 3S", "3: pass"])
def test_a_view_refuses_another_seats_move_text(text: str) -> None:
    views: list[GameView[siyaosi.Move]] = [
        siyaosi.State.new("classic", seed=7).view(0),
        siyaosi.Match.new("classic", seed=7).view(0),
    ]
    for view in views:
        with pytest.raises(CardrulesError) as err:
            view.parse_move(text)
        assert err.value.code == "other-seat" and err.value.to_json()["error"] == "other-seat"
    with pytest.raises(CardrulesError) as err:
        shengji.Match.new("four-deck", seed=7).view(0).parse_move(text)
    assert err.value.code == "other-seat"
    with pytest.raises(CardrulesError) as err:
        views[0].parse_move(MoveText(2, None, siyaosi.Move.parse("2: 3S").cards))
    assert err.value.code == "other-seat"


def test_a_state_still_needs_the_seat() -> None:
    with pytest.raises(CardrulesError) as err:
        siyaosi.State.new("classic", seed=7).parse_move("3S")
    assert err.value.code == "bad-notation"


# ---------------------------------------------------------------------- strict readers
def _play_until(match: shengji.Match, phase: shengji.Phase, rng: random.Random) -> shengji.Match:
    while match.phase is not phase:
        match = match.apply(match.random_move(rng))
    return match


def _put(doc: JSONObject, path: tuple[str | int, ...], value: JSON) -> JSONObject:
    out: JSONObject = json.loads(json.dumps(doc))
    node: JSON = out
    for step in path[:-1]:
        node = node[step]  # type: ignore[index]
    node[path[-1]] = value  # type: ignore[index]
    return out


def _refused(read: Callable[[JSONObject], object], doc: JSONObject, key: str) -> None:
    with pytest.raises(DocumentError) as err:
        read(doc)
    assert err.value.code == "bad-document"
    assert err.value.key.startswith(key), (err.value.key, str(err.value))


def _tribute_match(*moves: str) -> siyaosi.Match:
    match = siyaosi.Match.from_position(
        load_position(
            {
                "game": "siyaosi",
                "variant": "classic",
                "phase": "tribute",
                "levels": ["5", "6"],
                "last_finish": [1, 3],
                "hands": ["BJ 9C 5D", "3S 4S 6D", "2S 6H 9D", "3H 4H 8C"],
            }
        )
    )
    for text in moves:
        match = match.apply(match.parse_move(text))
    return match


def test_a_siyaosi_match_view_that_cannot_be_is_refused() -> None:
    read = siyaosi.MatchView.from_json
    match = _tribute_match("2: pass", "0: pass", "2: 6H", "0: BJ", "1: return 6D")
    outsider = match.view(2).to_json()
    tribute = outsider["tribute"]
    assert isinstance(tribute, dict)
    _refused(read, _put(outsider, ("tribute", "returned", 0, "cards"), "6D"), "tribute")
    insider = match.view(0).to_json()
    _refused(read, _put(insider, ("tribute", "returned", 0, "cards"), None), "tribute")
    _refused(read, _put(insider, ("last_finish",), [3, 1]), "tribute")
    _refused(read, _put(insider, ("tribute", "paid", 0, "cards"), "9D"), "tribute")
    _refused(read, _put(insider, ("tribute", "taken"), []), "tribute.taken")
    turn = insider["turn"]
    assert isinstance(turn, int)
    _refused(read, _put(insider, ("turn",), (turn + 1) % 4), "turn")
    _refused(read, insider | {"hands": ["3S"] * 4}, "hands")
    _refused(read, _put(insider, ("hand",), "3S 4S"), "hand_sizes")
    _refused(read, _put(insider, ("score",), [10**1001, 0]), "score")
    played = siyaosi.Match.new("classic", seed=3).view(1).to_json()
    variant = siyaosi.Match.new("classic", seed=3).variant.to_json()
    _refused(read, _put(played, ("play", "variant"), variant), "play.variant")
    _refused(read, _put(played, ("play", "seat"), 2), "play")
    _refused(read, _put(played, ("phase",), "over"), "play")
    _refused(read, _put(played, ("play", "hand"), "3S"), "play.hand_sizes")


def test_a_shengji_view_shows_the_kitty_only_where_the_seat_may_see_it() -> None:
    state = shengji.State.new("four-deck", seed=5, trump="H", banker=0)
    banker, other = state.view(0).to_json(), state.view(1).to_json()
    _refused(shengji.View.from_json, _put(other, ("kitty",), banker["kitty"]), "kitty")
    _refused(shengji.View.from_json, _put(banker, ("kitty",), None), "kitty")
    variant = shengji.load_variant("four-deck", overrides={"match_rounds": 1})
    match = shengji.Match.new(variant, seed=5)
    rng = random.Random(5)
    while match.phase is not shengji.Phase.BURY or (match.bid and not match.bid.named):
        match = match.apply(match.random_move(rng))
    assert match.burier is not None
    burier = match.view(match.burier).to_json()
    outsider = match.view((match.burier + 1) % 4).to_json()
    read = shengji.MatchView.from_json
    _refused(read, _put(outsider, ("kitty",), burier["kitty"]), "kitty")
    _refused(read, _put(burier, ("kitty",), None), "kitty")
    _refused(read, outsider | {"stock": ""}, "stock")
    _refused(read, _put(outsider, ("stock_size",), 3), "stock_size")
    _refused(read, _put(outsider, ("phase",), "deal"), "")
    _refused(read, _put(outsider, ("hand_sizes", match.burier), 61), "hand_sizes")
    match = _play_until(match, shengji.Phase.PLAY, rng)
    playing = match.view(1).to_json()
    _refused(read, _put(playing, ("play", "hand"), "3S"), "play.hand_sizes")
    _refused(read, _put(playing, ("play", "variant"), variant.to_json()), "play.variant")
    _refused(read, _put(playing, ("turn",), None), "turn")


def test_a_view_built_from_outside_is_checked() -> None:
    import attrs

    match = _tribute_match("2: pass")
    view = match.view(1)
    with pytest.raises(PositionError):
        attrs.evolve(view, hand_sizes=(1, 1, 1, 1))
    with pytest.raises(PositionError):
        attrs.evolve(view, phase=siyaosi.Phase.PLAY)
    shengji_view = shengji.Match.new("four-deck", seed=1).view(0)
    with pytest.raises(PositionError):
        attrs.evolve(shengji_view, stock_size=0)
    play = siyaosi.State.new("classic", seed=1).view(0)
    with pytest.raises(PositionError):
        attrs.evolve(play, leader=9)
