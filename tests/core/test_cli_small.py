"""The command line's small promises: ``--version`` from the installed metadata, one line and exit
2 for an argument the parser refuses, ``variant diff`` in TOML, and a record written in the form its
suffix says (TOML or JSON), another suffix refused before anything is played."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import cardrules
from cardrules.cli import main
from cardrules.records import read_record, replay


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"cardrules {metadata.version('cardrules')}\n"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        ([], "the following arguments are required: command (see cardrules --help)"),
        (["nosuch"], "invalid choice: 'nosuch'"),
        (["play", "siyaosi", "--seat", "x"], "argument --seat: invalid int value: 'x'"),
        (["play", "mahjong"], "(see cardrules play --help)"),
        (["variant", "show"], "required: NAME|FILE (see cardrules variant show --help)"),
        (["replay", "r.toml", "--round"], "argument --round: expected one argument"),
        (["variant", "diff", "a", "b", "--bogus\nline"], "unrecognized arguments: --bogus\\nline"),
    ],
)
def test_an_argument_the_parser_refuses_is_one_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("cardrules: error: ") and captured.err.count("\n") == 1
    assert fragment in captured.err and captured.out == ""


def test_the_real_command_refuses_an_argument_in_one_line() -> None:
    src = Path(cardrules.__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "cardrules", "demo", "--seed", "many"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "PATH": ""},
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "cardrules: error: argument --seed: invalid int value: 'many' (see cardrules demo --help)"
    ]


def test_variant_diff_prints_toml_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "diff", "classic", "one-deck"]) == 0
    rows = dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())
    for key, row in rows.items():
        before, after = row.split(" -> ")
        # Each side is a TOML value: it reads back as the value of a key.
        tomllib.loads(f"x = {before}\ny = {after}\n")
        assert "True" not in row and "'" not in row, key
    assert rows["first_leader"] == '"dealer" -> "heart-three"'
    assert rows["gates"] == '["J", "A"] -> []'
    assert rows["score_table"].startswith("{} -> {sweep = [8, -4], ")


# ---------------------------------------------------------------------- --record
def test_demo_writes_a_json_record_that_replay_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.json"
    assert main(["demo", "--variant", "one-deck", "--seed", "2", "--record", str(path)]) == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert list(doc)[:4] == ["format", "game", "seed", "moves"]
    assert isinstance(doc["result"], dict) and doc["variant"]["name"] == "one-deck"
    record = read_record(path)
    assert replay(record)["phase"] == "over" and record.to_json() == doc
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("result: {")


@pytest.mark.parametrize("command", ["demo", "play"])
@pytest.mark.parametrize("name", ["p1.txt", "p1", "p1.json.bak"])
def test_a_record_path_of_another_suffix_is_refused_before_playing(
    tmp_path: Path, command: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo"] if command == "demo" else ["play", "siyaosi"]
    assert main([*argv, "--record", str(tmp_path / name)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "argument --record" in captured.err
    assert ".toml" in captured.err and ".json" in captured.err
    assert captured.out == "" and not list(tmp_path.iterdir())
