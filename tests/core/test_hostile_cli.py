"""The command line on hostile input: one ``cardrules: error: …`` line and exit 2 for a refused
input, exit 1 only for a spec run with failures, exit 3 and one line for a bug — never a
traceback — and ``variant show`` output that is always TOML reading back to the same variant."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import load_variant
from cardrules.cli import main
from cardrules.limits import MAX_LINE_CHARS

POSITION = (
    '[positions.p]\ngame = "siyaosi"\nvariant = "classic"\n'
    'hands = ["6H 9C", "6S 2D", "6D 6C KH", "3S 4D"]\nleader = 0\n'
)
PLAY = '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\nexpect = "legal"\n'


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def run(argv: list[str]) -> tuple[int, str, str]:
    """``main`` in process, with what it printed (no pytest fixture, so hypothesis can call it)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_refused(argv: list[str], *fragments: str) -> str:
    code, _out, err = run(argv)
    assert code == 2, err
    assert err.startswith("cardrules: error: ") and err.count("\n") == 1, err
    assert len(err) <= MAX_LINE_CHARS + 2
    for fragment in fragments:
        assert fragment in err
    return err


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_non_utf8_variant_file_is_one_line_and_exit_2(tmp_path: Path, command: str) -> None:
    path = write(tmp_path / "bin.toml", b'game = "siyaosi"\nname = "\xff\xfe"\n')
    assert_refused(["variant", command, str(path)], "not UTF-8", str(path))


def test_a_non_utf8_file_reached_by_extends(tmp_path: Path) -> None:
    write(tmp_path / "bin.toml", b"\xff\xfe\x00")
    path = write(tmp_path / "v.toml", 'game = "siyaosi"\nextends = "bin.toml"\n')
    assert_refused(["variant", "diff", "classic", str(path)], "bin.toml", "not UTF-8")


def test_toml_nested_2000_deep_is_one_line(tmp_path: Path) -> None:
    path = write(tmp_path / "deep.toml", "x = " + "[" * 2000 + "]" * 2000 + "\n")
    assert_refused(["variant", "show", str(path)], "nested deeper than")


def test_an_extends_loop_through_dot_dot_is_one_line(tmp_path: Path) -> None:
    text = 'game = "siyaosi"\nextends = "../sub/loop.toml"\n'
    path = write(tmp_path / "sub" / "loop.toml", text)
    assert_refused(["variant", "validate", str(path)], "loops back")


def test_a_300_character_preset_name_is_one_line() -> None:
    assert_refused(["variant", "show", "a" * 300], "a preset name")
    assert_refused(["variant", "show", "a" * 300 + ".toml"], "cannot read")


def test_an_unloadable_case_file_reached_by_judge_is_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", "format = 1\ncase = [1, 2]\n")
    assert_refused(["judge", str(path)], "cannot read the dispute")


@pytest.mark.parametrize(
    "body",
    [
        'format = 1\n[[case]]\nid = "a"\nkind = ["play"]\n',
        "format = true\n" + POSITION + PLAY,
        "format = 1\n" + POSITION + "levels = ['5', '6']\nruling = 1.0\n" + PLAY,
        "format = 1\n" + POSITION.replace('"classic"', '"bin.toml"') + PLAY,
    ],
    ids=["unhashable-kind", "format-true", "ruling-float", "variant-not-utf8"],
)
def test_a_malformed_case_file_is_a_fail_line_in_spec(tmp_path: Path, body: str) -> None:
    write(tmp_path / "bin.toml", b'game = "siyaosi"\n\xff')
    path = write(tmp_path / "c.toml", body)
    code, out, err = run(["spec", str(path)])
    assert (code, err) == (1, "")
    assert out.startswith(f"FAIL {path}: cannot load: ") and out.endswith("0 passed, 1 failed\n")


def test_one_malformed_case_fails_alone_and_the_run_goes_on(tmp_path: Path) -> None:
    bad = PLAY.replace('id = "a"', 'id = "bad"') + '[case.then]\ntop = "ZZ"\n'
    path = write(tmp_path / "c.toml", "format = 1\n" + POSITION + bad + PLAY)
    code, out, err = run(["spec", str(path)])
    lines = out.splitlines()
    assert (code, err) == (1, "")
    assert lines[0].startswith(f"FAIL {path} :: bad:") and "not a card" in lines[0]
    assert lines[-1] == "1 passed, 1 failed"


def test_spec_over_a_folder_reports_a_binary_toml_and_goes_on(tmp_path: Path) -> None:
    write(tmp_path / "a-bin.toml", b"\x89PNG\r\n\x1a\n\xff\x00")
    write(tmp_path / "house.toml", 'game = "siyaosi"\nextends = "classic"\n')
    write(tmp_path / "z.toml", "format = 1\n" + POSITION + PLAY)
    code, out, _err = run(["spec", str(tmp_path)])
    assert code == 1
    assert out.splitlines()[0].startswith("FAIL") and "not UTF-8" in out
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_spec_reports_a_path_the_os_refuses_and_goes_on(tmp_path: Path) -> None:
    """A 300-character name made the folder check raise OSError."""
    good = write(tmp_path / "c.toml", "format = 1\n" + POSITION + PLAY)
    code, out, err = run(["spec", "a" * 300, str(good)])
    assert (code, err) == (1, "")
    assert out.startswith("FAIL aaa") and "cannot read" in out
    assert out.endswith("1 passed, 1 failed\n")


def test_spec_passing_is_exit_0(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", "format = 1\n" + POSITION + PLAY)
    assert run(["spec", str(path)]) == (0, "1 passed, 0 failed\n", "")


def test_allow_outside_is_a_flag_of_the_commands_that_read_files(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", 'game = "siyaosi"\nname = "house"\nextends = "classic"\n')
    variant = write(tmp_path / "in" / "v.toml", 'game = "siyaosi"\nextends = "../house.toml"\n')
    assert_refused(["variant", "validate", str(variant)], "outside", "--allow-outside")
    assert run(["variant", "validate", "--allow-outside", str(variant)])[0] == 0
    text = "format = 1\n" + POSITION.replace('"classic"', '"../house.toml"') + PLAY
    cases = write(tmp_path / "in" / "c.toml", text)
    assert run(["spec", str(cases)])[0] == 1
    assert run(["spec", "--allow-outside", str(cases)])[0] == 0
    assert run(["judge", "--allow-outside", str(cases)])[0] == 0
    assert run(["variant", "diff", "--allow-outside", "classic", str(variant)])[0] == 0


def test_a_long_message_is_cut_to_one_bounded_line(tmp_path: Path) -> None:
    write(tmp_path / "d" / "x.toml", b"\xff")
    long_arg = str(tmp_path) + "/d/.." * 300 + "/d/x.toml"
    err = assert_refused(["variant", "show", long_arg])
    assert err.rstrip("\n").endswith("…")


def test_an_internal_error_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a bug\nover two lines")

    monkeypatch.setattr(cardrules.cli, "load_variant", broken)
    code, out, err = run(["variant", "show", "classic"])
    assert (code, out) == (3, "")
    assert err.startswith("cardrules: internal error (KeyError)") and err.count("\n") == 1


HOSTILE_TEXT = [
    "line one\nline two",
    "tab\there, cr\rthere, nul\x00, esc\x1b[31m, del\x7f",
    'quote " backslash \\ \'\'\' """',
    "# not a comment ] [ = .",
    "四幺四 ♠ é \u2028 \ufeff",
]


def _shown(tmp_path: Path, name: str, description: str) -> str:
    text = f'game = "siyaosi"\nextends = "classic"\nname = {_toml(name)}\n'
    path = write(tmp_path / "v.toml", text + f"description = {_toml(description)}\n")
    code, out, err = run(["variant", "show", str(path)])
    assert (code, err) == (0, "")
    return out


def _toml(text: str) -> str:
    """A TOML basic string written by the library's own writer."""
    from cardrules.variant import dump_toml

    return dump_toml({"x": text})[len("x = ") : -1]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_variant_show_writes_hostile_descriptions_as_valid_toml(tmp_path: Path, text: str) -> None:
    """A description with a newline or control character was written verbatim."""
    out = _shown(tmp_path, text, text)
    assert tomllib.loads(out)["description"] == text
    shown = write(tmp_path / "shown.toml", out)
    assert load_variant(shown) == load_variant(tmp_path / "v.toml")


@settings(max_examples=60)
@given(st.text(max_size=40), st.text(max_size=200))
def test_variant_show_reads_back_for_any_name_and_description(name: str, description: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = _shown(Path(folder), name, description)
        shown = write(Path(folder) / "shown.toml", out)
        loaded = load_variant(shown)
        assert (loaded.name, loaded.description) == (name, description)
        assert loaded == load_variant(Path(folder) / "v.toml")


def test_no_traceback_reaches_stderr_of_the_real_command(tmp_path: Path) -> None:
    """One run through ``python -m cardrules`` in a fresh interpreter."""
    write(tmp_path / "deep.toml", "x = " + "[" * 100_000 + "]" * 100_000)
    write(tmp_path / "bin.toml", b"\xff\xfe\x00\x01")
    src = Path(cardrules.__file__).resolve().parent.parent
    env = os.environ | {"PYTHONPATH": str(src), "LC_ALL": "C"}
    for args, expected in (
        (["variant", "show", str(tmp_path / "deep.toml")], 2),
        (["variant", "validate", str(tmp_path / "bin.toml")], 2),
        (["spec", str(tmp_path)], 1),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "cardrules", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert done.returncode == expected, done.stderr
        assert "Traceback" not in done.stderr + done.stdout
        assert done.stderr.count("\n") <= 1
