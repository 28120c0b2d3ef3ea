"""Hostile variant files: each refused with one VariantError naming the file and the key, before
any work in proportion to the input, and ``dump_toml`` always writes TOML that reads back."""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import VariantError, load_variant
from cardrules.limits import MAX_DEPTH, MAX_EXTENDS, MAX_FILE_BYTES, QUOTE_CHARS
from cardrules.textio import parse_toml
from cardrules.variant import dump_toml, list_presets, variant_from_table

HOUSE = 'game = "siyaosi"\nname = "house"\nextends = "classic"\n'


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refused(ref: object, **kwargs: object) -> VariantError:
    with pytest.raises(VariantError) as err:
        load_variant(ref, **kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)
    return err.value


def test_non_utf8_file_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = write(tmp_path / "bin.toml", b'game = "siyaosi"\nname = "\xff\xfe"\n')
    err = refused(path)
    assert err.source == str(path) and "not UTF-8" in str(err) and "0xff" in str(err)


def test_non_utf8_file_reached_by_extends(tmp_path: Path) -> None:
    write(tmp_path / "bin.toml", b"\x89PNG\r\n\x1a\n\x00\x00")
    err = refused(write(tmp_path / "house.toml", 'game = "siyaosi"\nextends = "bin.toml"\n'))
    assert err.source == str(tmp_path / "bin.toml") and "not UTF-8" in str(err)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 2_000])
def test_toml_nested_too_deep_is_refused_before_parsing(tmp_path: Path, depth: int) -> None:
    """2,000 levels ended in RecursionError."""
    path = write(tmp_path / "deep.toml", HOUSE + "x = " + "[" * depth + "]" * depth + "\n")
    assert "nested deeper than" in str(refused(path))


def test_toml_nested_100000_deep_is_refused_fast() -> None:
    text = HOUSE + "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
    start = time.perf_counter()
    with pytest.raises(VariantError, match="nested deeper than"):
        parse_toml(text, VariantError)
    assert time.perf_counter() - start < 1.0


def test_inline_tables_nested_too_deep_are_refused(tmp_path: Path) -> None:
    body = "x = " + "{a = " * 2_000 + "1" + "}" * 2_000 + "\n"
    assert "nested deeper than" in str(refused(write(tmp_path / "deep.toml", HOUSE + body)))


def test_a_dotted_key_of_many_parts_is_refused_fast(tmp_path: Path) -> None:
    """The standard parser is quadratic in the parts of a dotted key (16,000 parts: 13 s)."""
    path = write(tmp_path / "dotted.toml", HOUSE + "a" + ".a" * 16_000 + " = 1\n")
    start = time.perf_counter()
    assert "dotted key parts" in str(refused(path))
    assert time.perf_counter() - start < 1.0


def test_nesting_within_the_limit_is_read(tmp_path: Path) -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    path = write(tmp_path / "ok.toml", HOUSE + f'description = "{nested}"\n# {nested}{nested}\n')
    assert load_variant(path).description == nested


def test_brackets_in_strings_and_comments_do_not_count(tmp_path: Path) -> None:
    deep = "[" * 3 * MAX_DEPTH
    text = HOUSE + f"description = '''{deep}'''\n# {deep}\n" + "a" + ".b" * (MAX_DEPTH + 5)
    err = refused(write(tmp_path / "s.toml", text + ' = "x"\n'.replace("x", deep)))
    assert "dotted key parts" in str(err)
    path = write(tmp_path / "ok.toml", HOUSE + f"description = '''{deep}'''  # {deep}\n")
    assert load_variant(path).description == deep


def test_the_parser_recursion_is_caught_if_the_scan_misses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cardrules.textio

    monkeypatch.setattr(cardrules.textio, "_too_deep", lambda text: False)
    path = write(tmp_path / "deep.toml", HOUSE + "x = " + "[" * 5_000 + "]" * 5_000 + "\n")
    assert "nested deeper than" in str(refused(path))


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = write(tmp_path / "big.toml", HOUSE + "#" * MAX_FILE_BYTES + "\n")
    start = time.perf_counter()
    err = refused(path)
    assert time.perf_counter() - start < 1.0
    assert f"larger than the limit of {MAX_FILE_BYTES} bytes" in str(err)


def test_an_extends_loop_through_dot_dot_is_found(tmp_path: Path) -> None:
    """``sub/loop.toml`` extending ``../sub/loop.toml`` grew its path until the OS refused it."""
    path = write(tmp_path / "sub" / "loop.toml", 'game = "siyaosi"\nextends = "../sub/loop.toml"\n')
    err = refused(path)
    assert err.key == "extends" and "loops back" in str(err)


def test_extends_hops_are_bounded(tmp_path: Path) -> None:
    """``v0`` reaches the preset in MAX_EXTENDS hops; a file extending it needs one more."""
    for n in range(MAX_EXTENDS - 1):
        write(tmp_path / f"v{n}.toml", f'game = "siyaosi"\nextends = "v{n + 1}.toml"\n')
    write(tmp_path / f"v{MAX_EXTENDS - 1}.toml", 'game = "siyaosi"\nextends = "classic"\n')
    assert load_variant(tmp_path / "v0.toml").game == "siyaosi"
    over = write(tmp_path / "over.toml", 'game = "siyaosi"\nextends = "v0.toml"\n')
    assert f"more than {MAX_EXTENDS} 'extends' hops" in str(refused(over))


@pytest.mark.parametrize("where", ["extends", "variant"])
def test_a_300_character_name_is_refused_naming_the_key(tmp_path: Path, where: str) -> None:
    name = "a" * 300
    if where == "variant":
        err = refused(name)
    else:
        err = refused(write(tmp_path / "v.toml", f'game = "siyaosi"\nextends = "{name}"\n'))
        assert err.key == "extends"
    assert "a preset name" in str(err) and len(str(err)) < 300


@pytest.mark.parametrize("name", ["classic\n", "clas sic", "classic?", "..", "C:\\x", "ｃlassic"])
def test_a_preset_is_named_by_a_plain_word_only(tmp_path: Path, name: str) -> None:
    text = f'game = "siyaosi"\nextends = {dump_toml({"x": name}).split("=", 1)[1].strip()}\n'
    err = refused(write(tmp_path / "v.toml", text))
    assert err.key == "extends" and "a preset name" in str(err)


def test_a_long_path_is_refused_naming_the_file(tmp_path: Path) -> None:
    err = refused(write(tmp_path / "v.toml", f'game = "siyaosi"\nextends = "{"d/" * 600}x.toml"\n'))
    assert err.key == "extends" and err.source == str(tmp_path / "v.toml")


def test_a_name_too_long_for_the_os_is_refused_naming_the_file(tmp_path: Path) -> None:
    err = refused(write(tmp_path / "v.toml", f'game = "siyaosi"\nextends = "{"x" * 300}.toml"\n'))
    assert err.key == "extends" and "cannot read" in str(err)
    assert "cannot read" in str(refused("x" * 300 + ".toml"))


def test_a_folder_or_missing_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    assert "no variant file" in str(refused(tmp_path / "dir.toml"))
    assert "no variant file" in str(refused(tmp_path / "missing.toml"))


def test_an_unreadable_file_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file the process may not read. CI runs as root, who reads any file whatever its mode,
    so the refusal of the system is made here: opening that one path raises PermissionError."""
    path = write(tmp_path / "locked.toml", HOUSE)
    opener = Path.open

    def locked(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return opener(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", locked)
    err = refused(path)
    assert err.source == str(path) and "cannot read" in str(err)
    assert "Permission denied" in str(err)


@pytest.mark.parametrize("target", ["../outside.toml", "{root}/outside.toml"])
def test_extends_outside_the_folder_is_a_choice(tmp_path: Path, target: str) -> None:
    write(tmp_path / "outside.toml", HOUSE)
    extends = target.format(root=tmp_path)
    path = write(tmp_path / "in" / "v.toml", f'game = "siyaosi"\nextends = "{extends}"\n')
    err = refused(path)
    assert err.key == "extends" and "outside" in str(err) and "allow_outside" in str(err)
    assert load_variant(path, allow_outside=True).game == "siyaosi"


def test_a_symbolic_link_out_of_the_folder_is_outside(tmp_path: Path) -> None:
    write(tmp_path / "outside.toml", HOUSE)
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "link.toml").symlink_to(tmp_path / "outside.toml")
    path = write(tmp_path / "in" / "v.toml", 'game = "siyaosi"\nextends = "link.toml"\n')
    assert "outside" in str(refused(path))


def test_a_file_below_the_folder_is_inside(tmp_path: Path) -> None:
    write(tmp_path / "sub" / "base.toml", HOUSE)
    path = write(tmp_path / "v.toml", 'game = "siyaosi"\nextends = "sub/../sub/base.toml"\n')
    # Read through the file it extends (whose name the description takes), named after itself.
    assert (load_variant(path).name, load_variant(path).description) == ("v", "house with changes")


def test_a_variant_named_by_a_position_stays_in_its_folder(tmp_path: Path) -> None:
    write(tmp_path / "outside.toml", HOUSE)
    (tmp_path / "cases").mkdir()
    err = refused("../outside.toml", base=tmp_path / "cases")
    assert "outside" in str(err)
    assert load_variant("../outside.toml", base=tmp_path / "cases", allow_outside=True)


def test_an_unknown_game_is_a_variant_error() -> None:
    err = refused("classic", game="poker")
    assert err.key == "game" and "poker" in str(err)
    with pytest.raises(VariantError, match="unknown game"):
        list_presets("poker")


def test_a_variant_of_another_game_is_refused() -> None:
    assert refused(load_variant("classic"), game="shengji").key == "game"


@pytest.mark.parametrize("overrides", [{1: 2}, {("a",): 1}, [1, 2], "chi"])
def test_overrides_that_are_not_a_table_of_switch_names(overrides: object) -> None:
    assert "\n" not in str(refused("classic", overrides=overrides))


@pytest.mark.parametrize("table", [[1, 2], "x", {"game": ["siyaosi"]}, {"game": "poker"}])
def test_variant_from_table_refuses_what_is_not_a_variant_table(table: object) -> None:
    with pytest.raises(VariantError):
        variant_from_table(table)  # type: ignore[arg-type]


def test_a_message_quotes_a_bounded_prefix_of_the_input(tmp_path: Path) -> None:
    """A 100 KB value gave a message twice its size."""
    value = "x" * 100_000
    for text in (
        f'chi = "{value}"',
        f"{value} = 1",
        f'cha = "{value}"',
        f"players = ['{value}']",
        f"players = {{ {value} = 1 }}",
    ):
        err = refused(write(tmp_path / "v.toml", HOUSE + text + "\n"))
        assert len(str(err)) < 1000, text[:20]
        assert "x" * QUOTE_CHARS + "'…" in str(err)


HOSTILE_TEXT = [
    "line one\nline two",
    'quote " and backslash \\ and \\n literally',
    "\x00\x01\x1b[31mred\x7f\t\r\x0c\x08",
    "''' \"\"\" ] [ { } # = .",
    "é ♠ 四幺四 \u2028 \u0085 \ufeff",
]


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_dump_toml_escapes_hostile_strings(text: str) -> None:
    variant = load_variant("classic").replace(name=text, description=text)
    dumped = dump_toml(variant.to_table())
    assert tomllib.loads(dumped)["description"] == text
    assert variant_from_table(tomllib.loads(dumped)) == variant


@given(st.text(), st.text())
def test_dump_toml_reads_back_any_text(name: str, description: str) -> None:
    variant = load_variant("one-deck").replace(name=name, description=description)
    assert variant_from_table(tomllib.loads(dump_toml(variant.to_table()))) == variant
