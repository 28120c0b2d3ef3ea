"""``cardrules play``, driven through its standard input as a person would drive it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cardrules.errors import CardrulesError
from cardrules.play import play_in_terminal
from cardrules.records import Record, read_record, steps
from cardrules.registry import game_named
from cardrules.variant import load_variant

#: What the screen says when a round ends (四幺四, Shengji).
_ROUND_ENDS = ("round over", "the hands are played out")


class Typist:
    """A person who reads the screen: asks for a hint, then types the first legal move it
    lists; lets out-of-turn moments pass; leaves (``quit``) once a round is over."""

    def __init__(self, screen: io.StringIO, *, script: list[str] | None = None) -> None:
        self.screen = screen
        self.script = list(script or [])
        self.seen = 0
        self.answers: list[str] = []

    def readline(self) -> str:
        text = self.screen.getvalue()
        new, self.seen = text[self.seen :], len(text)
        if self.script:
            answer = self.script.pop(0)
        elif any(end in new for end in _ROUND_ENDS):
            answer = "quit"
        elif "you may move out of turn" in new:
            answer = ""
        elif "legal: " in new:
            answer = new.rsplit("legal: ", 1)[1].split(",")[0].split("\n")[0].strip()
        else:
            answer = "hint"
        self.answers.append(answer)
        return answer + "\n"


def _play(
    game: str, preset: str, seed: int, *, seat: int = 0, script: list[str] | None = None
) -> tuple[Record, str, Typist]:
    screen = io.StringIO()
    typist = Typist(screen, script=script)
    record = play_in_terminal(
        game_named(game),
        load_variant(preset, game=game),
        seat=seat,
        seed=seed,
        stdin=typist,
        stdout=screen,
    )
    return record, screen.getvalue(), typist


@pytest.mark.parametrize(
    ("game", "preset", "seat"), [("siyaosi", "one-deck", 1), ("shengji", "four-deck", 2)]
)
def test_a_person_plays_through_the_terminal(
    game: str, preset: str, seat: int, tmp_path: Path
) -> None:
    record, screen, typist = _play(game, preset, seed=4, seat=seat)
    person_moves = [m for m in record.moves if m.startswith(f"{seat}:")]
    assert person_moves, screen
    # Every move the person typed came from a hint (the others are passes made for them: a
    # pass was all they could do, or a deal went on), and the round was played to its end.
    typed = typist.answers.count("hint")
    assert 0 < typed <= len(person_moves)
    assert len([m for m in person_moves if not m.endswith("pass")]) <= typed
    assert any(end in screen for end in _ROUND_ENDS)
    assert "your hand: " in screen and "legal: " in screen
    # The record plays back move for move, and says how far the game got.
    path = tmp_path / "game.toml"
    record.write(path)
    again = read_record(path)
    assert again.moves == record.moves and again.seed == 4
    _, played = steps(again)
    assert len(played) == len(record.moves)


def test_a_shengji_deal_asks_the_person_only_when_their_choices_change() -> None:
    record, screen, _typist = _play("shengji", "four-deck", seed=4, seat=0)
    dealt = screen.split("play begins", 1)[0]
    # 54 cards reach seat 0 in the deal, each a moment in turn; the person is asked far fewer
    # times (this typist answers each question with two lines: hint, then the move), and no
    # card dealt has a line of its own.
    assert dealt.count("seat 0> ") // 2 < 15, dealt
    assert "card-dealt" not in screen
    assert any(m.startswith("0:") and m.endswith("pass") for m in record.moves)


def test_a_refused_move_is_one_line_and_the_prompt_comes_back() -> None:
    # 四幺四 one-deck, seed 4: seat 3 (♥3) leads 6♦ 7♠ 8♣; seat 0 types a card it cannot hold,
    # nonsense, help, then two cards that make no combination.
    record, screen, _ = _play(
        "siyaosi", "one-deck", seed=4, script=["BJ BJ", "3Z", "help", "4H 5C", "quit"]
    )
    lines = screen.splitlines()
    refusals = [line for line in lines if line.startswith(("seat 0> refused", "seat 0> cannot"))]
    assert len(refusals) == 3, screen
    assert any("[4A4-" in r for r in refusals)  # a refusal names its clause
    assert not [m for m in record.moves if m.startswith("0:")] and record.result is None
    assert "you left the table after" in screen


def test_undo_takes_back_the_persons_last_move() -> None:
    record, _, _ = _play("siyaosi", "one-deck", seed=4)
    first = next(m for m in record.moves if m.startswith("0:"))
    screen2 = io.StringIO()
    typed = Typist(screen2, script=[first.partition(": ")[2], "undo", "undo", "quit"])
    undone = play_in_terminal(
        game_named("siyaosi"),
        load_variant("one-deck", game="siyaosi"),
        seed=4,
        stdin=typed,
        stdout=screen2,
    )
    text = screen2.getvalue()
    assert "taken back" in text and "nothing to undo" in text
    assert undone.moves == record.moves[: record.moves.index(first)]


def test_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(CardrulesError, match="--seat"):
        _play("siyaosi", "classic", seed=1, seat=9)
    with pytest.raises(CardrulesError, match="unknown bot"):
        play_in_terminal(
            game_named("siyaosi"),
            load_variant("classic", game="siyaosi"),
            bot="genius",
            seed=1,
            stdin=io.StringIO(),
            stdout=io.StringIO(),
        )


def test_the_command_reads_stdin_and_saves_the_record(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardrules",
            "play",
            "siyaosi",
            "--seed",
            "3",
            "--record",
            str(path),
        ],
        input="hint\nXX\n",  # then the input ends: the person has left
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "legal: " in done.stdout and "cannot read that" in done.stdout
    assert f"record saved to {path}" in done.stdout
    assert read_record(path).seed == 3
    bad = subprocess.run(
        [sys.executable, "-m", "cardrules", "play", "siyaosi", "--variant", "nosuch"],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1
