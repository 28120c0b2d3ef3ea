"""The 四幺四 match as an API: one protocol with the play state, rounds dealt from the seed,
positions refused with the key at fault, results and events as data, the demo."""

from __future__ import annotations

import copy
import json
import random

import pytest

from cardrules import GameState, GameView
from cardrules.deck import deal
from cardrules.demo import play_demo
from cardrules.errors import (
    CardrulesError,
    DocumentError,
    IllegalMoveError,
    ImpossibleCardsError,
    NotationError,
    PositionError,
)
from cardrules.events import Event
from cardrules.i18n import catalog
from cardrules.jsonio import JSON, JSONObject
from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.registry import game_named
from cardrules.rng import derive_seed
from cardrules.siyaosi import (
    EVENTS,
    Match,
    MatchResult,
    MatchView,
    Move,
    MoveKind,
    Phase,
    State,
    View,
    events_from_json,
    events_to_json,
    load_variant,
)
from cardrules.siyaosi.events import MovePlayed, Rebelled
from cardrules.siyaosi.state import deal_sizes


def _to_round(match: Match, number: int, rng: random.Random) -> Match:
    while match.round < number and not match.is_over:
        match = match.apply(match.random_move(rng))
    return match


def _obj(value: JSON) -> dict[str, JSON]:
    assert isinstance(value, dict)
    return value


def _items(value: JSON) -> list[JSON]:
    assert isinstance(value, list)
    return value


def _tribute_position(**table: object) -> Match:
    base: dict[str, object] = {
        "game": "siyaosi",
        "variant": "classic",
        "phase": "tribute",
        "levels": ["5", "6"],
        "last_finish": [1, 3],
        "hands": ["BJ 9C 5D", "3S 4S 6D", "2S 6H 9D", "3H 4H 8C"],
    }
    return Match.from_position(load_position(base | table))


def test_a_match_is_a_game_state_and_its_view_a_game_view() -> None:
    match: GameState[Move] = Match.new("classic", seed=1)
    view: GameView[Move] = match.view(2)
    assert match.turn == 0 and view.turn == 0 and not match.is_over
    assert view.hand == match.hands[2]
    entry = game_named("siyaosi")
    assert entry.match_state(load_variant("one-deck"), 5, lambda s: s.players) == 4


def test_round_r_is_dealt_from_derive_seed_of_the_match_seed() -> None:
    variant = load_variant("one-deck")
    match = Match.new(variant, seed=42)
    hands, _ = deal(1, derive_seed(42, 1), deal_sizes(variant))
    assert match.deal == tuple(hands) == match.hands
    later = _to_round(match, 3, random.Random(1))
    hands, _ = deal(1, derive_seed(42, later.round), deal_sizes(variant))
    assert later.deal == tuple(hands)
    assert later.round == 3 and later.ruling is not None


def test_one_deck_round_1_is_ruled_by_the_heart_three_team_at_3() -> None:
    match = Match.new("one-deck", seed=9)
    assert match.play is not None and match.phase is Phase.PLAY
    three = next(s for s, h in enumerate(match.hands) if "3H" in str(h).split())
    assert match.play.leader == three and match.ruling == three % 2
    assert [r.text for r in match.levels] == ["3", "3"]


@pytest.mark.parametrize("seed", [-1, 2**64, True, 1.5, "1"])
def test_a_seed_outside_0_to_2_64_is_refused(seed: object) -> None:
    with pytest.raises(PositionError) as err:
        Match.new("classic", seed=seed)  # type: ignore[arg-type]
    assert err.value.key == "seed"


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"last_finish": [1]}, "last_finish"),
        ({"last_finish": [1, 1]}, "last_finish"),
        ({"ruling": 0}, "ruling"),
        ({"leader": 1}, "leader"),
        ({"out": [0]}, "out"),
        ({"levels": ["2", "6"], "variant": "one-deck"}, "levels"),
        ({"seed": -3}, "seed"),
        ({"round": 0}, "round"),
        ({"score": [1]}, "score"),
        ({"phase": "fry"}, "phase"),
    ],
)
def test_a_tribute_position_that_cannot_be_is_refused_naming_the_key(
    change: dict[str, object], key: str
) -> None:
    with pytest.raises(PositionError) as err:
        _tribute_position(**change)
    assert err.value.key == key


def test_a_tribute_position_without_its_last_finish_is_refused() -> None:
    table = {
        "game": "siyaosi",
        "variant": "classic",
        "phase": "tribute",
        "hands": ["3S", "4S", "5S", "6S"],
    }
    with pytest.raises(PositionError) as err:
        Match.from_position(load_position(table))
    assert err.value.key == "last_finish"


def test_a_reach_match_cannot_be_ruled_at_a_after_a_round() -> None:
    with pytest.raises(PositionError) as err:
        _tribute_position(variant="one-deck", levels=["3", "A"])
    assert err.value.key == "levels"


def test_the_common_refusals_come_first_in_every_phase() -> None:
    match = _tribute_position()
    reason = match.explain(object())  # type: ignore[arg-type]
    assert reason is not None and reason.code == "not-a-move"
    reason = match.explain(Move(7, MoveKind.PASS))
    assert reason is not None and reason.code == "no-such-seat"
    reason = match.view(1).explain(Move(2, MoveKind.PASS))
    assert reason is not None and reason.code == "not-viewing-seat"


def _one_trick_from_victory() -> Match:
    """Team 0 at A leads; 0: 3S, 1: pass, 2: 4S wins the match."""
    return Match.from_position(
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


def test_a_won_match_refuses_every_move_and_has_a_result() -> None:
    match = _one_trick_from_victory()
    with pytest.raises(CardrulesError, match="not over"):
        match.result()
    for text in ("0: 3S", "1: pass", "2: 4S"):
        match = match.apply(match.parse_move(text))
    assert match.is_over and match.turn is None and not list(match.legal_moves())
    result = match.result()
    assert (result.winner, result.rounds, result.last.finish) == (0, 1, (0, 2))
    assert MatchResult.from_json(json.dumps(result.to_json())) == result
    assert match.standing == (result.levels, 0, result.score, 0)
    with pytest.raises(IllegalMoveError) as err:
        match.random_move(random.Random(1))
    assert err.value.code == "match-over"
    reason = match.explain(Move(1, cards=match.hands[1]))
    assert reason is not None and reason.code == "match-over"


def test_a_match_result_that_disagrees_with_its_last_round_is_refused() -> None:
    match = Match.new("one-deck", seed=4)
    rng = random.Random(4)
    while not match.is_over:
        match = match.apply(match.random_move(rng))
    doc = match.result().to_json()
    _obj(doc["last"])["caught"] = [9]
    with pytest.raises(DocumentError):
        MatchResult.from_json(doc)


def test_a_match_document_dispatches_through_the_registry() -> None:
    match = _tribute_position()
    entry = game_named("siyaosi")
    assert entry.state_from_json(json.dumps(match.to_json()), lambda s: s) == match
    state = State.new("classic", seed=1)
    assert entry.state_from_json(state.to_json(), lambda s: s) == state


def test_a_match_log_of_events_replays_into_the_same_match() -> None:
    start = Match.new("one-deck", seed=11)
    rng = random.Random(11)
    match, states = start, [start]
    log: list[Event] = []
    while match.round < 3:
        match, events = match.step(match.random_move(rng))
        log.extend(events)
        states.append(match)
    names = {e.NAME for e in log}
    assert {"round-over", "levels", "round-started", "play-started"} <= names
    assert {"tribute-paid", "tribute-taken", "tribute-returned", "score"} <= names
    again = events_from_json(json.dumps(events_to_json(log)))
    assert again == tuple(log)
    replayed = start
    for n, event in enumerate(e for e in again if isinstance(e, MovePlayed)):
        replayed = replayed.apply(event.move)
        assert replayed == states[n + 1]
    assert replayed == match
    assert all(cls.NAME for cls in EVENTS) and all(e.describe() for e in log)


def test_a_view_shows_a_return_only_to_its_two_seats() -> None:
    match = _tribute_position()
    for text in ("2: pass", "0: pass", "2: 6H", "0: BJ", "1: return 6D"):
        match = match.apply(match.parse_move(text))
    seen = {seat: _obj(match.view(seat).to_json()["tribute"]) for seat in range(4)}
    shown = {seat: _obj(_items(view["returned"])[0])["cards"] for seat, view in seen.items()}
    assert shown == {0: "6D", 1: "6D", 2: None, 3: None}
    for view in seen.values():
        assert view["taken"] == [
            {"payer": 0, "receiver": 1, "cards": "BJ"},
            {"payer": 2, "receiver": 3, "cards": "6H"},
        ]


def test_the_suppression_is_offered_to_a_receiver_holding_both_jokers() -> None:
    """4A4-TRIB-6 (Suppressing a rebellion): after seat 0 rebels, the would-be receivers are
    asked in order of places; seat 1, without the jokers, may only pass, seat 3, holding both,
    is offered the suppression too."""
    match = _tribute_position(hands=["SJ BJ 9C", "3S 7D", "2S 6H 9D", "SJ BJ 8C"])
    for text in ("2: pass", "0: rebel"):
        match = match.apply(match.parse_move(text))
    assert [str(m) for m in match.legal_moves()] == ["1: pass"]
    match = match.apply(match.parse_move("1: pass"))
    assert [str(m) for m in match.legal_moves()] == ["3: pass", "3: suppress"]


def test_a_receiver_may_not_pass_its_return() -> None:
    """4A4-TRIB-4 (The return), 4A4-TRIB-7 (The order of the tribute phase): a receiver holds at
    least the tribute it took, so it always has a card to give back, and passing is refused with
    its own code and reason."""
    match = _tribute_position()
    for text in ("2: pass", "0: pass", "2: 6H", "0: BJ"):
        match = match.apply(match.parse_move(text))
    assert match.turn == 1 and "1: pass" not in [str(m) for m in match.legal_moves()]
    refusal = match.explain(match.parse_move("1: pass"))
    assert refusal is not None
    assert (refusal.code, refusal.clause) == ("cannot-pass", "4A4-TRIB-7")
    assert refusal.message == "seat 1 must return a card"


def test_a_view_shows_the_revealed_jokers() -> None:
    match = _tribute_position(hands=["SJ BJ 9C", "3S 7D", "2S 6H 9D", "SJ BJ 8C"])
    for text in ("2: pass", "0: rebel", "1: pass", "3: suppress"):
        match = match.apply(match.parse_move(text))
    tribute = _obj(match.view(1).to_json()["tribute"])
    assert tribute["revealed"] == [
        {"seat": 0, "cards": "SJ BJ"},
        {"seat": 3, "cards": "SJ BJ"},
    ]
    written = match.view(1).to_json()
    tracker = _obj(written.pop("tracker"))
    assert "9C" not in json.dumps(written)
    # the tracker knows the jokers are held, and leaves 9C among the unseen cards
    assert tracker["shown"] == ["SJ BJ", "", "", "SJ BJ"]
    assert "9C" in str(tracker["unseen"]) and "BJ" not in str(tracker["unseen"])


def test_the_demo_plays_a_whole_match_round_by_round() -> None:
    text = play_demo("siyaosi", seed=5, variant="one-deck")
    lines = text.splitlines()
    assert lines[0] == "siyaosi / one-deck, seed 5"
    assert any(line.startswith("  round over: out in order") for line in lines)
    assert any(line.startswith("  levels: ") for line in lines)
    assert any(line.startswith("  score: ") for line in lines)
    assert any("pays tribute" in line for line in lines)
    assert any(line.startswith("  round 2 dealt: ") for line in lines)
    assert lines[-1].startswith("  team ") and "wins the match" in lines[-1]
    assert not any("trick" in line or "chain" in line for line in lines)


def test_a_long_round_of_eight_players_round_trips() -> None:
    match = Match.new(load_variant("classic", overrides={"players": 8, "decks": 4}), seed=2)
    rng = random.Random(2)
    while len(match.play_moves) < 300 and match.round == 1:
        match = match.apply(match.random_move(rng))
    assert len(match.play_moves) >= 300
    assert Match.from_json(json.dumps(match.to_json())) == match


def test_match_view_of_takes_a_match_and_nothing_else() -> None:
    """``MatchView.of`` builds the view ``match.view`` gives, and refuses anything that is not a
    match — a match's own view included — with a bad-argument naming ``match``."""
    match = Match.new("classic", seed=11)
    assert MatchView.of(match, 2) == match.view(2)
    for wrong in (match.view(0), match.play, "match", None):
        with pytest.raises(CardrulesError) as err:
            MatchView.of(wrong, 0)  # type: ignore[arg-type]
        assert err.value.code == "bad-argument"
        assert "a Match is needed" in str(err.value)
    with pytest.raises(CardrulesError) as err:
        MatchView.of(match, 4)
    assert err.value.code == "bad-argument"


@pytest.mark.parametrize(
    ("overrides", "english", "chinese"),
    [
        (
            {},
            "reveals both jokers: rebellion, the winners pay tribute instead",
            "亮出大小王：暴动，改由赢家进贡",
        ),
        (
            {"rebellion_jokers": "either", "rebellion_effect": "cancel"},
            "reveals a joker: rebellion, it pays no tribute",
            "亮出一张王：暴动，本人不进贡",
        ),
    ],
)
def test_the_rebellion_event_says_what_the_table_asks_and_does(
    overrides: dict[str, str], english: str, chinese: str
) -> None:
    match = _tribute_position(overrides=overrides, hands=["SJ BJ 9C", "3S 7D", "2S 6H 9D", "3H 8C"])
    while match.turn != 0:  # the rebellion step (reverse) or the tribute step (cancel)
        match = match.apply(next(iter(match.legal_moves())))
    _, events = match.step(match.parse_move("0: rebel"))
    (rebelled,) = [e for e in events if isinstance(e, Rebelled)]
    assert rebelled.describe() == f"seat 0 {english}"
    line = catalog("zh").event_line("siyaosi", rebelled.to_json())
    assert line == f"座位 0 {chinese}"


# ---------------------------------------------------------------------- corners the mutation run
# found unchecked (issue 24)
def test_a_seat_with_no_move_is_told_why_it_cannot_draw_one() -> None:
    """4A4-TRIB-7 (The order of the tribute phase): a seat that is not due has no move to draw
    (``not-due``), from the match and from its own view; once the match is won nobody has
    (``match-over``, 4A4-MATCH-1 (A match))."""
    match = _tribute_position()
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
    won = _one_trick_from_victory()
    for text in ("0: 3S", "1: pass", "2: 4S"):
        won = won.apply(won.parse_move(text))
    with pytest.raises(IllegalMoveError) as over:
        won.random_move(random.Random(1))
    assert str(over.value) == "match-over [4A4-MATCH-1]: the match has been won; no move follows"


def test_tribute_phase_move_texts_are_read_within_the_decks() -> None:
    """4A4-MATCH-2 (Phases and their moves): a tribute-phase text naming a third big joker of
    two decks is refused before it is judged, whether it names its kind or not; a misspelt
    kind names the word it could not read and the moves of the game."""
    match = _tribute_position()
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
