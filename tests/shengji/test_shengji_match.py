"""The Shengji match, example by example: it is a ``GameState`` (mypy checks the assignment
below), its phases hand over to each other as the spec says, what each seat sees, what events
tell, and how its documents and positions refuse what cannot exist. The rules themselves are
pinned by the spec's cases (spec/cases/shengji/bidding.toml, kitty.toml, levels.toml,
match.toml); the properties over any variant are in test_shengji_match_props.py."""

from __future__ import annotations

import json
import random

import attrs
import pytest

from cardrules import CardrulesError, GameState
from cardrules.bots import Bot, RandomBot, play_round
from cardrules.cards import Card, Rank
from cardrules.errors import ArgumentError, DocumentError, IllegalMoveError, PositionError
from cardrules.events import Event, seen_by
from cardrules.jsonio import JSON
from cardrules.multiset import Cards, count_sub_multisets
from cardrules.position import load_position
from cardrules.shengji import (
    Match,
    MatchStanding,
    Move,
    MoveKind,
    Phase,
    Variant,
    events_from_json,
    events_to_json,
    load_variant,
)
from cardrules.shengji.bids import flip_banker, flip_trump
from cardrules.shengji.events import KittyBuried, MovePlayed
from cardrules.shengji.levels import band_rise

FOUR = load_variant()


def _until(match: Match, phase: Phase, rng: random.Random, limit: int = 5_000) -> Match:
    for _ in range(limit):
        if match.phase is phase:
            return match
        match = match.apply(match.random_move(rng))
    raise AssertionError(f"no {phase} phase within {limit} moves")


def _position(**table: object) -> Match:
    return Match.from_position(load_position({"game": "shengji", "variant": "four-deck"} | table))


def test_a_match_is_a_game_state() -> None:
    state: GameState[Move] = Match.new(FOUR, seed=1)
    assert state.turn is not None and not state.is_over
    with pytest.raises(CardrulesError, match="not over"):
        state.result()  # as a play state's before its round is over
    assert Match.new(FOUR, seed=1).standing.to_json()["type"] == "standing"


def test_view_only_bots_play_a_match_through_every_phase() -> None:
    """The typed driver of cardrules.bots seats random bots that see only their views: out of
    turn they bid during the deal (CORE-API-2), in turn they pass, bury, fry and play."""
    state: GameState[Move] = Match.new(FOUR.replace(match_rounds=1), seed=21)
    bots: list[Bot[Move]] = [RandomBot(eager=0.5) for _ in range(4)]
    final, log = play_round(state, bots, random.Random(21))
    assert final.is_over and final.turn is None
    kinds = {turn.move.kind for turn in log}
    assert {MoveKind.PASS, MoveKind.BID, MoveKind.BURY, MoveKind.PLAY} <= kinds
    assert any(turn.seat != 0 and turn.move.kind is MoveKind.BID for turn in log)


def test_a_new_match_deals_one_card_to_the_seat_the_seed_chooses() -> None:
    match = Match.new(FOUR, seed=11)
    assert match.phase is Phase.DEAL and match.round_number == 1 and match.banker is None
    assert sum(match.hand_sizes) == 1 and match.hand_sizes[match.dealt_first] == 1
    assert match.turn == match.dealt_first
    assert len(match.stock) == FOUR.total_cards - 1
    assert Match.new(FOUR, seed=11) == match, "the same seed deals the same cards"
    assert Match.new("four-deck", seed=12).stock != match.stock


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7"])
def test_a_seed_is_a_64_bit_integer(seed: object) -> None:
    with pytest.raises(PositionError):
        Match.new(FOUR, seed=seed)  # type: ignore[arg-type]


def test_passing_through_the_deal_gives_every_seat_a_full_hand() -> None:
    match = Match.new(FOUR, seed=3)
    while match.phase is Phase.DEAL:
        match = match.apply(Move(match.turn or 0, MoveKind.PASS))
    assert match.phase is Phase.BID and match.turn == match.dealt_first
    assert match.hand_sizes == (52, 52, 52, 52) and len(match.stock) == FOUR.kitty


def test_nobody_bidding_in_round_one_deals_again_from_another_shuffle() -> None:
    match = Match.new(FOUR, seed=3)
    stock = match.stock
    while match.phase is not Phase.DEAL or match.redeals == 0:
        match = match.apply(Move(match.turn or 0, MoveKind.PASS))
    assert match.redeals == 1 and match.round_number == 1
    assert match.dealt_first == Match.new(FOUR, seed=3).dealt_first
    assert match.stock != stock


def test_a_flipped_kitty_in_round_one_chooses_trump_and_banker() -> None:
    variant = FOUR.replace(no_bid_first_round="flip_kitty")
    match = Match.new(variant, seed=3)
    while match.phase in (Phase.DEAL, Phase.BID):
        kitty = match.stock
        match = match.apply(Move(match.turn or 0, MoveKind.PASS))
    assert match.phase is Phase.BURY and match.bid is None
    assert match.trump == flip_trump(kitty, Rank.TWO)
    assert match.banker == flip_banker(kitty, 4, -1) == match.burier
    assert match.flipped == kitty
    assert all(match.view(seat).flipped == kitty for seat in range(4))


def test_kitty_flip_numbers() -> None:
    ace, king, small, big = (Card.parse(t) for t in ("AS", "KD", "SJ", "BJ"))
    assert flip_banker([ace], 4, 9) == 0
    assert flip_banker([king], 4, 9) == (13 * 3 + 12) % 4
    assert flip_banker([small], 4, 9) == 0 and flip_banker([big], 4, 9) == 1
    assert flip_banker([], 4, 9) == 9
    assert flip_trump([big, Card.parse("5H"), Card.parse("2C")], Rank.TWO) is not None
    assert flip_trump([big, Card.parse("5H")], Rank.TWO) is None
    assert flip_trump([], Rank.TWO) is None


def test_without_a_kitty_there_is_no_burial_and_no_frying() -> None:
    variant = FOUR.replace(kitty=0)
    match = _until(Match.new(variant, seed=5), Phase.PLAY, random.Random(5))
    assert match.kitty == Cards() and match.burier is None
    assert match.play is not None and match.play.hand_sizes == (54, 54, 54, 54)


def test_the_banker_buries_and_sees_the_kitty_others_do_not() -> None:
    match = _until(Match.new(FOUR, seed=8), Phase.BURY, random.Random(8))
    burier = match.burier
    assert burier is not None and match.turn == burier
    assert match.hand_sizes[burier] == 52 + FOUR.kitty
    for seat in range(4):
        view = match.view(seat)
        assert (view.kitty is not None) == (seat == burier)
        assert view.stock_size == 0 and view.kitty_size == FOUR.kitty
    assert match.legal_moves().count() == count_sub_multisets(match.hands[burier].counts, 8)
    buried, events = match.step(match.random_move(random.Random(1)))
    assert len(buried.kitty) == 8 and buried.hand_sizes[burier] == 52
    other = seen_by(events, (burier + 1) % 4)
    assert isinstance(other[0], MovePlayed) and other[0].cards is None
    assert other[0].to_json()["cards"] is None
    assert KittyBuried(burier, 8) in other
    assert seen_by(events, burier) == events


def test_a_later_round_fryer_sees_the_kitty_it_buried_not_the_banker() -> None:
    match = _position(
        round=2, banker=0, levels=["2", "5"], phase="fry", bid="2: 2C 2C",
        kitty="5S 10S KS 4D 6D 8C 9C JC",
        hands=["3S 4S", "SJ SJ 6S", "2C 2C BJ BJ", "7S 8S"],
    )  # fmt: skip
    match = match.apply(match.parse_move("1: fry SJ SJ"))
    match = match.apply(match.parse_move("1: bury 5S 10S KS 4D 6D 8C 9C JC"))
    assert match.banker == 0 and match.burier == 1
    for seat in (2, 3, 0):  # the others, after the burier
        match = match.apply(Move(seat, MoveKind.PASS))
    assert match.phase is Phase.PLAY
    assert match.view(1).kitty == match.kitty
    assert match.view(0).kitty is None and match.view(2).kitty is None


def test_four_jokers_pause_the_deal_until_named() -> None:
    match = _position(
        phase="deal", dealt_first=0,
        hands=["BJ BJ BJ BJ 3S 4S", "SJ 5S 6S 7S 8S 9S", "2H 7S 8S 9S JS QS", "2S 3H 4H 5H 6H 7H"],
        stock="8D 9D 6D 7D 8C 9C 6H 7H 8H",
    )  # fmt: skip
    assert match.turn == 3
    match = match.apply(match.parse_move("0: bid BJ BJ BJ BJ"))
    assert match.turn == 0 and match.bid is not None and not match.bid.named
    assert sorted(m.kind for m in match.legal_moves()) == sorted(
        [MoveKind.SPADES, MoveKind.HEARTS, MoveKind.CLUBS, MoveKind.DIAMONDS, MoveKind.NO_TRUMP]
    )
    assert all(m.seat == 0 for m in match.legal_moves())
    view = match.view(2)
    assert not list(view.legal_moves())
    mine, theirs = view.explain(Move(2, MoveKind.PASS)), view.explain(Move(1, MoveKind.PASS))
    assert mine is not None and mine.code == "trump-not-named"
    assert theirs is not None and theirs.code == "not-viewing-seat"
    match, events = match.step(match.parse_move("0: diamonds"))
    assert [e.NAME for e in events] == ["move", "trump-named"]
    assert match.turn == 3 and match.bid is not None and match.bid.named


@pytest.mark.slow
def test_the_demo_match_prints_the_story_of_a_match() -> None:
    from cardrules.demo import play_demo

    lines = play_demo("shengji", seed=2, variant="four-deck").splitlines()
    text = "\n".join(lines)
    for words in ("declares", "is the banker", "buries", "play begins", "round 1:", "match over"):
        assert words in text
    assert "wins the trick" not in text and "card-dealt" not in text


def test_events_of_a_match_replay_and_read_back() -> None:
    rng = random.Random(4)
    match = Match.new(FOUR.replace(match_rounds=1), seed=4)
    start = match
    log: list[Event] = []
    while not match.is_over:
        match, events = match.step(match.random_move(rng))
        log.extend(events)
    assert events_from_json(json.dumps(events_to_json(log))) == tuple(log)
    replayed = start
    for event in log:
        if isinstance(event, MovePlayed):
            replayed = replayed.apply(event.move)
    assert replayed == match
    assert [e.NAME for e in log[-3:]] == ["round-over", "round-scored", "match-over"]


def test_the_standing_reads_back_and_names_the_winner() -> None:
    rng = random.Random(6)
    match = Match.new(FOUR.replace(match_rounds=1), seed=6)
    standing = match.standing
    assert not standing.over and standing.winner is None and standing.last is None
    while not match.is_over:
        match = match.apply(match.random_move(rng))
    standing = match.result()
    assert standing.over and standing.last is not None and standing.winner == match.winner
    assert MatchStanding.from_json(json.dumps(standing.to_json())) == standing
    assert match.turn is None and not match.legal_moves()
    with pytest.raises(IllegalMoveError):
        match.random_move(rng)
    refusal = match.explain(Move(0, MoveKind.PASS))
    assert refusal is not None and refusal.code == "round-over" and refusal.clause == "SJ-MATCH-2"


def test_band_rise_reads_the_table_in_point_order() -> None:
    variant = FOUR.replace(level_bands={"80": 1, "0": 3, "5": 2})
    assert variant.level_bands == (("0", 3), ("5", 2), ("80", 1))
    assert [band_rise(p, variant) for p in (0, 4, 5, 79, 80, 159)] == [3, 3, 2, 2, 1, 1]


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"bid_order": []}, "bid_order"),
        ({"bid_order": ["pair-level", "pair-level-spades"]}, "bid_order"),
        ({"fry_order": ["pair-jokers", "pair-big-jokers"]}, "fry_order"),
        ({"decks": 2, "bid_order": ["quad-level", "quad-jokers"]}, "bid_order"),
        ({"level_bands": {"5": 2}}, "level_bands"),
        ({"level_bands": {"0": 0}}, "level_bands"),
        ({"level_bands": {"0": 3, "200": 1}}, "level_bands"),
        ({"level_bands": {"0": 3, "x": 1}}, "level_bands"),
    ],
)
def test_match_switches_that_cannot_be_played_are_refused(
    overrides: dict[str, object], key: str
) -> None:
    with pytest.raises(CardrulesError, match=key):
        load_variant(overrides=overrides)


# ---------------------------------------------------------------------- documents and positions
def _doc(phase: Phase, seed: int = 9) -> dict[str, JSON]:
    match = _until(Match.new(FOUR, seed=seed), phase, random.Random(seed))
    return match.to_json()


IMPOSSIBLE: list[tuple[str, Phase, str, JSON]] = [
    ("a fifth big joker in the stock", Phase.DEAL, "stock", "BJ BJ BJ BJ BJ"),
    ("the deal's turn elsewhere", Phase.DEAL, "to_ask", 3),
    ("a hand too many in the deal", Phase.DEAL, "hands", ["", "", "", "", ""]),
    ("a bid the bidder does not hold", Phase.BID, "bid", {"seat": 0, "cards": "BJ BJ BJ",
                                                          "trump": None, "named": True}),
    ("a bid of another trump", Phase.BURY, "trump", "S"),
    ("a burier who is neither banker nor fryer", Phase.BURY, "burier", 3),
    ("a kitty of seven", Phase.FRY, "kitty", "3S 4S 5S 6S 7S 8S 9S"),
    ("a frying circle out of place", Phase.FRY, "passes", 2),
    ("a winner before the end", Phase.PLAY, "winner", 1),
    ("round 1 at level 5", Phase.DEAL, "levels", ["5", "5"]),
    ("a play state of another match", Phase.PLAY, "levels", ["2", "3"]),
    ("an unknown phase", Phase.DEAL, "phase", "auction"),
    ("a turn that does not follow", Phase.BID, "turn", 7),
    ("a float for a seat", Phase.BID, "to_ask", 1.5),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "phase", "key", "value"), IMPOSSIBLE, ids=[w for w, *_ in IMPOSSIBLE]
)
def test_impossible_match_documents_are_refused(
    what: str, phase: Phase, key: str, value: JSON
) -> None:
    doc = _doc(phase)
    # a case whose value the document already holds would change nothing: it must not pass
    assert doc.get(key) != value, f"{what}: the document already holds {value!r}"
    doc[key] = value
    with pytest.raises(DocumentError, match=r"^not a shengji match"):
        Match.from_json(json.dumps(doc))


def test_an_unknown_field_is_refused() -> None:
    doc = _doc(Phase.DEAL) | {"banker_hint": 2}
    with pytest.raises(DocumentError, match="banker_hint"):
        Match.from_json(doc)


POSITIONS: list[tuple[str, dict[str, object], str]] = [
    ("deal sizes out of order", {"phase": "deal", "dealt_first": 0,
     "hands": ["", "3S", "", ""], "stock": "4S 5S 6S 7S 8S 9S 10S JS QS"}, "hands"),
    ("a deal without its stock", {"phase": "deal", "dealt_first": 0,
     "hands": ["3S", "", "", ""]}, "stock"),
    ("round 1 with a banker", {"phase": "deal", "dealt_first": 0, "banker": 1,
     "hands": ["3S", "", "", ""], "stock": "4S 5S 6S 7S 8S 9S 10S JS QS"}, "banker"),
    ("round 1 without the first seat", {"phase": "bid", "hands": ["3S", "", "", ""],
     "stock": "4S 5S 6S 7S 8S 9S 10S JS"}, "dealt_first"),
    ("a bid phase with cards to deal", {"phase": "bid", "dealt_first": 0,
     "hands": ["3S", "", "", ""], "stock": "4S 5S 6S 7S 8S 9S 10S JS QS"}, "stock"),
    ("a fry without a bid", {"phase": "fry", "banker": 0, "round": 2,
     "hands": ["3S", "", "", ""], "kitty": "4S 5S 6S 7S 8S 9S 10S JS"}, "bid"),
    ("a burial of a short kitty", {"phase": "bury", "banker": 0, "round": 2, "trump": "S",
     "hands": ["3S", "", "", ""], "kitty": "4S 5S"}, "kitty"),
    ("a phase nobody plays", {"phase": "tribute", "hands": ["3S", "", "", ""]}, "phase"),
    ("a bid that is no bid", {"phase": "deal", "dealt_first": 0, "bid": "0: 3S",
     "hands": ["3S", "", "", ""], "stock": "4S 5S 6S 7S 8S 9S 10S JS QS"}, "bid"),
    ("four jokers without their trump", {"phase": "deal", "dealt_first": 0,
     "bid": "0: BJ BJ BJ BJ", "hands": ["BJ BJ BJ BJ", "", "", ""],
     "stock": "4S 5S 6S 7S 8S 9S 10S JS QS"}, "trump"),
    ("a round of text", {"phase": "deal", "round": "2", "hands": ["3S", "", "", ""]}, "round"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "table", "key"), POSITIONS, ids=[w for w, _t, _k in POSITIONS])
def test_impossible_match_positions_are_refused(
    what: str, table: dict[str, object], key: str
) -> None:
    with pytest.raises(PositionError) as caught:
        _position(**table)
    assert caught.value.key == key, caught.value


def test_the_play_phase_of_a_match_keeps_the_play_states_answers() -> None:
    match = _until(Match.new(FOUR, seed=2), Phase.PLAY, random.Random(2))
    assert match.play is not None
    assert match.turn == match.play.turn == match.banker
    move = match.random_move(random.Random(3))
    assert match.explain(move) is None and match.play.explain(move) is None
    assert match.apply(move).play == match.play.apply(move)
    bad = Move(match.turn or 0, MoveKind.BID, Cards.parse("BJ BJ"))
    refusal = match.explain(bad)
    assert refusal is not None and refusal.code == "wrong-phase"


def test_a_variant_of_another_game_is_refused() -> None:
    with pytest.raises(PositionError):
        Match(
            variant=object(),  # type: ignore[arg-type]
            levels=(Rank.TWO, Rank.TWO),
            scores=(0, 0, 0, 0),
            dealt_first=0,
            phase=Phase.DEAL,
            hands=(Cards(),) * 4,
        )
    assert isinstance(FOUR, Variant)


def test_a_view_is_a_copy_of_the_table_for_its_seat() -> None:
    match = _until(Match.new(FOUR, seed=4), Phase.BID, random.Random(4))
    view = match.view(1)
    assert view.hand == match.hands[1] and view.hand_sizes == match.hand_sizes
    assert view.stock_size == FOUR.kitty and view.kitty is None
    assert attrs.evolve(view, hand=view.hand) == view
    doc = json.dumps(view.to_json())
    assert str(match.hands[0]) not in doc or match.hands[0] == match.hands[1]
    with pytest.raises(ArgumentError):  # a seat argument, refused as the library's calls are
        match.view(4)
