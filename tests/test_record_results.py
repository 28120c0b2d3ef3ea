"""A game record proves its result (issue 19, item 6): the result it states is the one its moves
produce, and it states one exactly when its moves end the game. A forged result — the winner
flipped, the moves cut in half, nonsense, the other game's — is refused by ``replay``,
``steps``, ``render``, ``from_record`` and ``cardrules replay`` with a ``RecordError`` (code
``bad-record``, key ``result``), never printed next to the real one. Comments name moves in ASCII
digits (item 9)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from cardrules import Bot, RandomBot, play_round, shengji, siyaosi
from cardrules.errors import CardrulesError, RecordError
from cardrules.jsonio import JSON
from cardrules.records import Record, iter_steps, read_record, render, replay, steps


def _siyaosi_record() -> Record:
    """A whole (short) 四幺四 match between random bots: both teams start at A."""
    variant = siyaosi.load_variant("one-deck", overrides={"start_level": "A"})
    bots: list[Bot[siyaosi.Move]] = [RandomBot() for _ in range(variant.players)]
    final, _ = play_round(siyaosi.Match.new(variant, seed=4), bots, random.Random(4))
    assert final.is_over
    return final.to_record()


def _shengji_record() -> Record:
    """A whole one-round Shengji match between random bots."""
    variant = shengji.load_variant("four-deck", overrides={"match_rounds": 1})
    bots: list[Bot[shengji.Move]] = [RandomBot() for _ in range(variant.players)]
    final, _ = play_round(shengji.Match.new(variant, seed=4), bots, random.Random(4))
    assert final.is_over
    return final.to_record()


SIYAOSI = _siyaosi_record()
SHENGJI = _shengji_record()


def _flipped(record: Record) -> Record:
    assert record.result is not None
    winner = record.result["winner"]
    return attrs.evolve(record, result={**record.result, "winner": 1 if winner == 0 else 0})


def _halved(record: Record) -> Record:
    return attrs.evolve(record, moves=record.moves[: len(record.moves) // 2])


def _nonsense(record: Record) -> Record:
    return attrs.evolve(record, result={"format": 1, "game": record.game, "type": "result"})


def _unstated(record: Record) -> Record:
    return attrs.evolve(record, result=None)


FORGERIES: dict[str, Callable[[Record], Record]] = {
    "winner-flipped": _flipped,
    "moves-halved": _halved,
    "nonsense": _nonsense,
    "unstated": _unstated,
}


def test_honest_records_replay() -> None:
    for record in (SIYAOSI, SHENGJI):
        assert replay(record)["game"] == record.game
        assert render(record)[-1].startswith("result: ")
        match = siyaosi.Match if record.game == "siyaosi" else shengji.Match
        assert match.from_record(record).is_over


def test_a_record_of_a_game_not_over_states_no_result() -> None:
    cut = attrs.evolve(SIYAOSI, moves=SIYAOSI.moves[:10], result=None)
    assert replay(cut)["turn"] is not None


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
@pytest.mark.parametrize("game", ["siyaosi", "shengji"])
def test_a_forged_result_is_refused(game: str, forgery: str) -> None:
    forged = FORGERIES[forgery](SIYAOSI if game == "siyaosi" else SHENGJI)
    match = siyaosi.Match if game == "siyaosi" else shengji.Match
    for call in (replay, steps, render, match.from_record, lambda r: list(iter_steps(r))):
        with pytest.raises(RecordError) as err:
            call(forged)
        assert err.value.code == "bad-record" and err.value.key == "result"
        assert err.value.to_json()["key"] == "result" and "'result'" in str(err.value)


@pytest.mark.slow
@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_the_command_refuses_a_forged_result_in_one_line(forgery: str, tmp_path: Path) -> None:
    path = tmp_path / "forged.toml"
    FORGERIES[forgery](SIYAOSI).write(path)
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(path) in done.stderr and "'result'" in done.stderr


def test_the_refusal_names_the_field_that_differs() -> None:
    with pytest.raises(RecordError, match="its 'winner' is"):
        replay(_flipped(SIYAOSI))


def test_another_games_result_is_refused_as_soon_as_the_record_is_built(tmp_path: Path) -> None:
    """A result document of the other game (or of no game's result type) is refused by the
    record itself, in code and read from a file, before any move is replayed."""
    assert SHENGJI.result is not None
    wrong: list[dict[str, JSON]] = [
        SHENGJI.result,
        {},
        {"format": 1, "game": "siyaosi", "type": "x"},
    ]
    for result in wrong:
        with pytest.raises(RecordError) as err:
            attrs.evolve(SIYAOSI, result=result)
        assert err.value.key == "result" and "'result'" in str(err.value)
    honest = SIYAOSI.to_toml()
    assert SIYAOSI.result is not None
    forged = honest.replace(
        json.dumps(json.dumps(SIYAOSI.result, ensure_ascii=False)),
        json.dumps(json.dumps(SHENGJI.result)),
    )
    assert forged != honest
    path = tmp_path / "forged.toml"
    path.write_text(forged, encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert err.value.key == "result"


@pytest.mark.parametrize("key", ["٣", "3\u00a0", "१", "+1", "1_0", "9" * 5000, ""])
def test_a_comment_is_keyed_by_ascii_digits(key: str) -> None:
    text = SIYAOSI.to_toml() + f"\n[comments]\n{key!r} = 'a note'\n"
    with pytest.raises(RecordError) as err:
        read_record("r.toml", text=text)
    assert err.value.code == "bad-record" and err.value.key == "comments"


def test_a_comment_names_a_move_of_the_record() -> None:
    assert read_record("r.toml", text=SIYAOSI.to_toml() + "\n[comments]\n3 = 'x'\n").comments
    beyond = SIYAOSI.to_toml() + f"\n[comments]\n{len(SIYAOSI.moves)} = 'after the end'\n"
    with pytest.raises(RecordError, match="names no move"):
        read_record("r.toml", text=beyond)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("game", 5),
        ("game", "poker"),
        ("variant", "classic"),
        ("seed", -1),
        ("seed", True),
        ("seed", 2**64),
        ("moves", "0: 3S"),
        ("moves", (5,)),
        ("result", [1]),
        ("result", {"x": {1, 2}}),
        ("comments", {"3": "x"}),
        ("comments", {True: "x"}),
        ("comments", {1: 5}),
        ("comments", []),
    ],
)
def test_a_record_built_in_code_is_checked(field: str, value: object) -> None:
    fields = {
        "game": SIYAOSI.game,
        "variant": SIYAOSI.variant,
        "seed": SIYAOSI.seed,
        "moves": SIYAOSI.moves,
        "result": SIYAOSI.result,
        "comments": {},
    }
    with pytest.raises(RecordError) as err:
        Record(**{**fields, field: value})  # type: ignore[arg-type]
    assert err.value.key == field


def test_the_record_calls_check_their_arguments() -> None:
    for call in (
        lambda: replay("not a record"),  # type: ignore[arg-type]
        lambda: render(SIYAOSI, seat=4),
        lambda: render(SIYAOSI, seat=True),
        lambda: render(SIYAOSI, round_number=0),
        lambda: render(SIYAOSI, round_number="1"),  # type: ignore[arg-type]
        lambda: read_record(5),  # type: ignore[arg-type]
        lambda: read_record("r.toml", text=b"format = 1"),  # type: ignore[arg-type]
        lambda: read_record("r.toml", text="\ud800"),
        lambda: siyaosi.Match.from_record(SHENGJI),
    ):
        with pytest.raises(CardrulesError) as err:
            call()
        assert err.value.code in ("bad-argument", "bad-record", "bad-position")
