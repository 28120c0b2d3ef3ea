"""The judge: rulings on written situations, with the clauses from the engine, as text, in
Chinese and English, and as JSON; ``cardrules explain``."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings

from cardrules import CardrulesError, GameState, MoveLike, shengji, siyaosi
from cardrules.cases import clause_index
from cardrules.cli import main
from cardrules.judge import Ruling, judge
from cardrules.multiset import Cards
from cardrules.testing.strategies import seeds

M = TypeVar("M", bound=MoveLike)
CLAUSES = clause_index()
CHAIN = {
    "game": "siyaosi",
    "variant": "classic",
    "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"],
    "leader": 0,
}
FOLLOW = {
    "game": "shengji",
    "variant": "four-deck",
    "trump": "H",
    "banker": 0,
    "hands": ["3S 4S 3D", "5S 6S 4D", "7S 8S 5D", "9S JS 6D"],
}


def test_a_legal_move_cites_what_allows_it_and_what_it_did() -> None:
    ruling = judge(CHAIN, ["0: 8S", "2: 8C 8C"])
    assert ruling.legal and ruling.at == 1 and ruling.move == "2: cha 8C 8C"
    assert ruling.clauses[:2] == ("4A4-CHAIN-2", "4A4-CHAIN-4")
    assert "4A4-TURN-6" in ruling.clauses  # seat 2 is down to one card: announced
    assert ruling.state is not None and ruling.state["type"] == "state"
    assert siyaosi.State.from_json(ruling.state).top is not None


def test_an_illegal_move_cites_the_refusing_clause() -> None:
    ruling = judge(CHAIN, ["0: 8S", "3: 3S"])
    assert not ruling.legal and ruling.code == "not-your-turn"
    assert ruling.clauses == ("4A4-TURN-1",) and ruling.state is None
    lines = "\n".join(ruling.lines())
    assert "seat 1 (team 1): 8♥ 8♦ K♥  ← turn" in lines and "4A4-TURN-1: Leading" in lines


def test_the_first_refused_move_is_the_one_judged() -> None:
    ruling = judge(CHAIN, ["0: 8S", "3: 3S", "1: pass"])
    assert ruling.at == 1 and ruling.code == "not-your-turn"


def test_a_ruling_from_a_seats_view_shows_only_its_hand() -> None:
    ruling = judge(FOLLOW, ["0: 3S", "1: 4D"], view=1)
    assert not ruling.legal and ruling.code == "must-follow-suit" and ruling.view == 1
    drawn = "\n".join(ruling.before)
    assert "4♦ 5♠ 6♠" in drawn and "7♠" not in drawn and "(3 cards)" in drawn
    assert judge(FOLLOW, ["0: 3S", "2: 7S"], view=1).code == "not-viewing-seat"


def test_a_legal_ruling_from_a_seats_view_names_no_other_hand() -> None:
    """The state after a move judged from seat 1's view is seat 1's view of it: the ruling a
    player is sent names no card of another hand (CORE-EVENT-2)."""
    ruling = judge(FOLLOW, ["0: 3S", "1: 5S"], view=1)
    assert ruling.legal and ruling.state is not None and ruling.state["type"] == "view"
    assert shengji.View.from_json(ruling.state).hand == Cards.parse("6S 4D")
    written = ruling.to_json()
    state = written["state"]
    assert isinstance(state, dict)
    tracker = state.pop("tracker")  # the unseen cards are every card not seen: named, not placed
    assert isinstance(tracker, dict) and tracker["shown"] == ["", "", "", ""]
    text = json.dumps(written)
    assert all(card not in text for card in ("7S", "8S", "9S", "JS", "5D", "6D"))


def test_a_legal_follow_cites_the_follow_rules() -> None:
    ruling = judge(FOLLOW, ["0: 3S", "1: 5S"])
    assert ruling.legal and ruling.clauses[:2] == ("SJ-FOLLOW-1", "SJ-FOLLOW-2")


def test_chinese_names_everything_it_can() -> None:
    text = "\n".join(judge(CHAIN, ["0: 8S", "2: 8C 8C"]).lines("zh"))
    assert "裁定：2: 岔 8♣ 8♣ — 合规" in text and "条款 4A4-CHAIN-2：岔" in text
    refused = "\n".join(judge(CHAIN, ["0: 8S", "3: 3S"]).lines("zh"))
    assert "不是你的轮次" in refused and "首家与轮次" in refused


def test_a_ruling_round_trips_through_json() -> None:
    for ruling in (judge(CHAIN, ["0: 8S", "2: 8C 8C"]), judge(FOLLOW, ["0: 3S", "1: 4D"])):
        again = Ruling.from_json(json.dumps(ruling.to_json()), ruling.game)
        assert again == ruling


def test_bad_requests_are_refused() -> None:
    with pytest.raises(CardrulesError):
        judge(CHAIN, [])
    with pytest.raises(CardrulesError):
        judge(CHAIN, ["0: ZZ"])
    with pytest.raises(CardrulesError):
        judge(CHAIN, ["0: 8S"], view=9)
    with pytest.raises(CardrulesError):
        judge({**CHAIN, "hands": ["BJ BJ BJ"] * 4}, ["0: BJ"])


# ---------------------------------------------------------------------- grounds, for any move
def _grounds_are_clauses(state: GameState[M], seed: int) -> None:
    rng = random.Random(seed)
    steps = 0
    while not state.is_over and steps < 120:
        move = state.random_move(rng)
        grounds = state.grounds(move)
        assert grounds and all(g in CLAUSES for g in grounds), (move, grounds)
        legal = state.legal_moves()
        others = list(itertools.islice(legal, 5)) if legal.listable() else []
        for other in others:
            assert all(g in CLAUSES for g in state.grounds(other))
        state = state.apply(move)
        steps += 1


@settings(max_examples=10)
@given(seeds())
def test_every_move_has_grounds_in_the_spec(seed: int) -> None:
    _grounds_are_clauses(siyaosi.State.new("classic", seed=seed), seed)
    _grounds_are_clauses(siyaosi.State.new("one-deck", seed=seed), seed)
    _grounds_are_clauses(shengji.State.new("four-deck", seed=seed, trump="C"), seed)


def test_an_illegal_moves_grounds_are_its_refusal() -> None:
    state = siyaosi.State.new("classic", seed=3)
    move = siyaosi.Move.parse("2: pass")
    reason = state.explain(move)
    assert reason is not None and state.grounds(move) == (reason.clause,)


# ---------------------------------------------------------------------- the command line
def _dispute(tmp_path: Path) -> Path:
    path = tmp_path / "dispute.toml"
    path.write_text(
        """format = 1
[[case]]
id = "did-seat-2-cha"
kind = "play"
moves = ["0: 8S", "2: 8C 8C"]
note = "Seat 2 threw two 8s out of turn."
[case.position]
game = "siyaosi"
variant = "classic"
hands = ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]
leader = 0

[[case]]
id = "is-it-a-bomb"
kind = "classify"
cards = "0: 8S 8H 8D"
[case.position]
game = "siyaosi"
variant = "classic"
""",
        encoding="utf-8",
    )
    return path


def test_cardrules_judge_prints_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _dispute(tmp_path)
    assert main(["judge", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ruling: 2: cha 8C 8C — legal" in out and "clause 4A4-CHAIN-2: Cha" in out
    assert "ruling: 0: 8S 8H 8D — bomb" in out
    assert main(["judge", str(path), "--lang", "zh"]) == 0
    assert "合规" in capsys.readouterr().out
    assert main(["judge", str(path), "--json"]) == 0
    docs = json.loads(capsys.readouterr().out)
    assert [(d["type"], d["kind"], d["case"]) for d in docs] == [
        ("ruling", "play", "did-seat-2-cha"),
        ("ruling", "classify", "is-it-a-bomb"),
    ]
    assert docs[1]["answer"] == "bomb"


def test_cardrules_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "4A4-BEAT-9"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4A4-BEAT-9 — Four 3s beat 4A4") and "Y-BEAT-7" in out
    assert "beating.toml :: four-threes-beat-4a4" in out
    assert main(["explain", "4A4-BEAT-9", "--lang", "zh"]) == 0
    assert "四个3管四幺四" in capsys.readouterr().out
    assert main(["explain", "4A4-BEAT-99"]) == 2
    assert "did you mean" in capsys.readouterr().err


@pytest.mark.parametrize(
    "start",
    [
        lambda: siyaosi.Match.new("one-deck", seed=3),
        lambda: shengji.Match.new(
            shengji.load_variant("four-deck", overrides={"decks": 1, "kitty": 6}), seed=3
        ),
    ],
    ids=["siyaosi", "shengji"],
)
def test_every_legal_match_move_has_grounds_in_every_phase(start: object) -> None:
    """A judge cites why a legal move is legal in every phase of a match (tribute, deal, bid,
    bury, fry, play), from the match and from the mover's view alike."""
    assert callable(start)
    match = start()
    index = clause_index()
    rng = random.Random(3)
    phases = set()
    for _ in range(600):
        if match.is_over:
            break
        move = match.random_move(rng)
        grounds = match.grounds(move)
        assert grounds and all(cid in index for cid in grounds), (match.phase, move)
        assert match.view(move.seat).grounds(move) == grounds
        phases.add(str(match.phase))
        match = match.apply(move)
    assert len(phases) >= 2


def test_a_ruling_on_a_match_move_follows_its_schema() -> None:
    from jsonschema import Draft202012Validator

    from cardrules.position import load_position
    from cardrules.schema import schema_of

    position = load_position(
        {
            "game": "shengji", "variant": "four-deck", "phase": "bid", "dealt_first": 2,
            "hands": ["2S 3S 4S", "2H 2H 5H", "2C 6C 7C", "2D 8D 9D"],
            "stock": "5S 7H 2C 9D 3H 4H 6H 8H",
        }
    )  # fmt: skip
    ruling = judge(position, ["2: bid 2C"])
    assert ruling.legal and ruling.clauses[:2] == ("SJ-BID-6", "SJ-BID-1")
    Draft202012Validator(schema_of("shengji.ruling")).validate(ruling.to_json())


def test_a_move_whose_event_has_no_words_leaves_it_out() -> None:
    """A pass in the deal deals a card face down: that event says nothing, and the ruling leaves
    it out (the command line once failed on it); a ruling document whose event is not an event
    object is refused, naming the field."""
    from cardrules.position import load_position

    position = load_position(
        {
            "game": "shengji", "variant": "four-deck", "phase": "deal", "dealt_first": 0,
            "hands": ["2S 3S", "2H 4H", "2C 6C", "2D 8D"],
            "stock": "8C 9D 6S 7S 8S 9S 6H 7H 8H",
        }
    )  # fmt: skip
    ruling = judge(position, ["3: pass"])
    assert ruling.legal and all(e.text and e.name != "card-dealt" for e in ruling.effects)
    assert any(line.startswith("  clause SJ-DEAL-2") for line in ruling.lines())
    doc = {**ruling.to_json(), "events": [{"text": "a card", "event": "card-dealt"}]}
    with pytest.raises(CardrulesError, match=r"events\[0\]\.event"):
        Ruling.from_json(json.dumps(doc), ruling.game)
