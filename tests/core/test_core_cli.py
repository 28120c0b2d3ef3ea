"""The command line: exit codes and the lines other tools read."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.cli import main


def test_variant_validate_refuses_a_misspelled_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('game = "siyaosi"\nextends = "classic"\nflush_straigths = false\n')
    assert main(["variant", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: ") and err.count("\n") == 1
    assert "flush_straigths" in err and "flush_straights" in err


def test_variant_validate_accepts_a_house_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.toml"
    path.write_text('game = "siyaosi"\nname = "house"\nextends = "classic"\nchi = true\n')
    assert main(["variant", "validate", str(path)]) == 0
    assert "house" in capsys.readouterr().out


def test_variant_show_and_diff(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variant", "show", "four-deck"]) == 0
    assert "kitty = 8" in capsys.readouterr().out
    assert main(["variant", "diff", "classic", "one-deck"]) == 0
    out = capsys.readouterr().out
    # Values as a variant file writes them (TOML), tables as inline tables.
    assert 'cha: "chain" -> "capture"' in out and "flush_straights: true -> false" in out
    assert "score_table: {} -> {sweep = [8, -4], ruling-caught-some = [4, 1], " in out
    assert main(["variant", "list"]) == 0
    assert "one-deck" in capsys.readouterr().out


def test_spec_reports_an_unloadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = 1\n[[case]]\nid = "x"\nkind = "nope"\n')
    assert main(["spec", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("preset", ["classic", "one-deck", "four-deck"])
def test_variant_show_is_a_documented_loadable_file(
    preset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardrules.variant import load_variant

    assert main(["variant", "show", preset]) == 0
    text = capsys.readouterr().out
    assert "# " in text and "Allowed:" in text
    path = tmp_path / "shown.toml"
    path.write_text(text, encoding="utf-8")
    assert load_variant(path) == load_variant(preset)
