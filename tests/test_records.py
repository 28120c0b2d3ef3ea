"""Game records: written by the library, read back, replayed from the seed; an illegal move is
refused naming the move and the clause; ``cardrules replay`` prints one readably."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import TypeVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import CardrulesError, GameState, MoveLike, VariantBase
from cardrules.bots import Bot, RandomBot, play_round
from cardrules.cli import main
from cardrules.errors import RecordError
from cardrules.records import Record, iter_steps, read_record, render, replay, steps
from cardrules.registry import game_named
from cardrules.variant import load_variant

M = TypeVar("M", bound=MoveLike)


class _Play:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def __call__(self, state: GameState[M]) -> tuple[tuple[str, ...], dict[str, object]]:
        bots: list[Bot[M]] = [RandomBot() for _ in range(state.players)]
        final, turns = play_round(state, bots, random.Random(self.seed))
        return tuple(str(t.move) for t in turns), final.result().to_json()  # type: ignore[return-value]


def _record(game: str, preset: str, seed: int) -> Record:
    """A record of a seeded game played by random bots, as the library starts it."""
    variant: VariantBase = load_variant(preset, game=game)
    entry = game_named(game)
    played = entry.match_state(variant, seed, _Play(seed))
    moves, result = played if played is not None else entry.new_state(variant, seed, _Play(seed))
    return Record(game=game, variant=variant, seed=seed, moves=moves, result=result)  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "preset"), [("siyaosi", "classic"), ("siyaosi", "one-deck"), ("shengji", "four-deck")]
)
def test_a_record_round_trips_and_replays(game: str, preset: str, tmp_path: Path) -> None:
    record = _record(game, preset, 5)
    path = tmp_path / "game.toml"
    record.write(path)
    again = read_record(path)
    assert again == record
    final = replay(again)
    assert final["turn"] is None and final["game"] == game


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), [("siyaosi", "one-deck"), ("shengji", "four-deck")])
def test_a_record_round_trips_in_its_json_form(game: str, preset: str, tmp_path: Path) -> None:
    import json

    record = attrs.evolve(_record(game, preset, 5), comments={3: "a comment"})
    path = tmp_path / "game.json"
    record.write(path)
    assert json.loads(path.read_text(encoding="utf-8")) == record.to_json()
    assert read_record(path) == record
    # Either form is read whatever the file is called: a .json file of TOML written before
    # records had a JSON form, a JSON text with no file at all.
    legacy = tmp_path / "old.json"
    legacy.write_text(record.to_toml(), encoding="utf-8")
    assert read_record(legacy) == record
    assert read_record("sent", text=json.dumps(record.to_json())) == record


@pytest.mark.parametrize(
    "text",
    [
        "{",
        '{"format": 1, "game": "siyaosi", "seed": 1, "variant": "classic", "bogus": 1}',
        '{"format": 1, "game": "siyaosi", "seed": 1, "variant": "classic", "result": 3}',
        '{"format": 1, "game": "siyaosi", "seed": 1, "variant": "classic", "result": "[1]"}',
        "  {" + "[" * 100 + "]" * 100 + "}",
    ],
)
def test_a_bad_json_record_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError) as err:
        read_record("r.json", text=text)
    assert err.value.code == "bad-record" and "r.json" in str(err.value)


def test_an_illegal_move_is_refused_naming_it_and_its_clause() -> None:
    record = _record("siyaosi", "classic", 3)
    moves = list(record.moves)
    moves[4] = "2: BJ BJ"
    bad = Record(game=record.game, variant=record.variant, seed=record.seed, moves=tuple(moves))
    with pytest.raises(RecordError) as err:
        steps(bad)
    assert err.value.index == 4 and err.value.reason is not None
    assert "move 4 ('2: BJ BJ')" in str(err.value) and err.value.reason.clause in str(err.value)


def test_a_preset_name_reads_as_its_variant() -> None:
    text = 'format = 1\ngame = "siyaosi"\nvariant = "one-deck"\nseed = 2\nmoves = []\n'
    record = read_record("hand-written.toml", text=text)
    assert record.variant.name == "one-deck" and not record.moves


@pytest.mark.parametrize(
    "text",
    [
        "format = 2\n",
        'format = 1\ngame = "poker"\n',
        'format = 1\ngame = "siyaosi"\nvariant = "classic"\nseed = -1\n',
        'format = 1\ngame = "siyaosi"\nvariant = "classic"\nseed = 1\nmoves = [1]\n',
        'format = 1\ngame = "siyaosi"\nvariant = "classic"\nseed = 1\nplayers = 4\n',
        'format = 1\ngame = "siyaosi"\nvariant = {game = "shengji"}\nseed = 1\n',
        'format = 1\ngame = "siyaosi"\nvariant = "classic"\nseed = 1\nresult = "{"\n',
        'format = 1\ngame = "siyaosi"\nvariant = "classic"\nseed = 1\n[comments]\nx = "y"\n',
        "[[[",
    ],
)
def test_bad_records_are_refused_by_name(text: str) -> None:
    with pytest.raises(RecordError):
        read_record("bad.toml", text=text)


@settings(max_examples=50)
@given(st.binary(max_size=300))
def test_random_bytes_are_a_record_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.toml"
        path.write_bytes(data)
        with pytest.raises(CardrulesError):
            read_record(path)


@pytest.mark.slow
def test_render_keeps_one_round_and_hides_other_hands() -> None:
    record = _record("shengji", "four-deck", 4)
    lines = render(record, seat=2)
    assert lines[0].endswith("as seen by seat 2") and "  the play begins with" in lines
    assert "  seat 0: (52 cards)" in lines  # the hands when the play begins, after the burial
    assert any("wins the trick" in line for line in lines)
    with pytest.raises(RecordError, match="round"):
        render(record, round_number=99)


def test_cardrules_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.toml"
    _record("siyaosi", "one-deck", 6).write(path)
    assert main(["replay", str(path), "--seat", "1"]) == 0
    out = capsys.readouterr().out
    assert "round 1" in out and "as seen by seat 1" in out and "result:" in out
    path.write_text(path.read_text(encoding="utf-8").replace('"0: ', '"1: ', 1), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "is illegal" in capsys.readouterr().err


@pytest.mark.parametrize(("game", "preset"), [("siyaosi", "one-deck"), ("shengji", "four-deck")])
def test_a_match_writes_its_record_and_reads_back_as_itself(game: str, preset: str) -> None:
    from cardrules import shengji, siyaosi

    match_type = siyaosi.Match if game == "siyaosi" else shengji.Match
    match = match_type.new(preset, seed=11)
    rng = random.Random(2)
    for _ in range(1_500):  # far into the match: several rounds of 四幺四, Shengji's deal and play
        if match.is_over:
            break
        match = match.apply(match.random_move(rng))  # type: ignore[arg-type]
    record = match.to_record({3: "a comment"})
    assert len(record.moves) == len(match.history or ()) > 0
    text = read_record("match.toml", text=record.to_toml())
    again = match_type.from_record(text)
    assert again == match and again.history == match.history
    # A match read from a document has no past: no record.
    with pytest.raises(CardrulesError, match="no record"):
        match_type.from_json(match.to_json()).to_record()


def test_a_match_record_with_an_illegal_move_is_refused_naming_it() -> None:
    from cardrules import siyaosi

    match = siyaosi.Match.new("one-deck", seed=11)
    record = Record(game="siyaosi", variant=match.variant, seed=11, moves=("0: BJ BJ",))
    with pytest.raises(RecordError) as err:
        siyaosi.Match.from_record(record)
    assert err.value.index == 0


def test_demo_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    assert main(["demo", "--game", "siyaosi", "--variant", "one-deck", "--seed", "2",
                 "--record", str(path)]) == 0  # fmt: skip
    record = read_record(path)
    final = replay(record)
    assert record.result is not None and final["phase"] == "over"


def test_a_record_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "no-such-folder" / "demo.toml"
    assert main(["demo", "--game", "siyaosi", "--variant", "one-deck", "--record", str(where)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the record" in err


@pytest.mark.slow
@pytest.mark.parametrize(("game", "preset"), [("siyaosi", "classic"), ("shengji", "four-deck")])
def test_iter_steps_gives_the_steps_of_a_replay_one_at_a_time(game: str, preset: str) -> None:
    record = _record(game, preset, 6)
    lazily = list(iter_steps(record))
    assert lazily == steps(record)[1]
    assert [s.index for s in lazily] == list(range(len(record.moves)))


def test_iter_steps_plays_no_move_before_it_is_asked_for() -> None:
    record = _record("siyaosi", "classic", 3)
    moves = list(record.moves)
    moves[40] = "2: BJ BJ"
    bad = Record(game=record.game, variant=record.variant, seed=record.seed, moves=tuple(moves))
    walk = iter_steps(bad)
    first = [next(walk) for _ in range(40)]  # the moves before the illegal one replay
    assert [s.move for s in first] == [s.move for s in steps(record)[1][:40]]
    with pytest.raises(RecordError) as err:
        next(walk)
    assert err.value.index == 40


def test_iter_steps_checks_its_argument_at_once() -> None:
    with pytest.raises(CardrulesError) as err:
        iter_steps("not a record")  # type: ignore[arg-type]
    assert err.value.code == "bad-argument"
