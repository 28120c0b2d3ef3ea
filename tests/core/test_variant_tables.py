"""CORE-VARIANT-1: a file (or ``overrides``) that sets one entry of a table keeps the others, or is
refused naming the entries it would drop; ``replace`` replaces a table whole; a file without a name
is named after its file, never after the preset it extends."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import VariantError, load_variant
from cardrules.cli import main
from cardrules.variant import VariantBase, switches_of, variant_class, variant_from_table

CLASSIC_MULTIPLIERS = {"4a4": 5, "joker-bomb": 4, "bomb": 2}
FOUR_DECK_BANDS = {"0": 3, "5": 2, "80": 1}


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def table(variant: VariantBase, key: str) -> dict[str, object]:
    value = variant.switches()[key]
    assert isinstance(value, dict)
    return value


def refused(ref: object, **kwargs: object) -> VariantError:
    with pytest.raises(VariantError) as err:
        load_variant(ref, **kwargs)  # type: ignore[arg-type]
    return err.value


# ---------------------------------------------------------------------- merged by key
def test_the_issues_house_rule_keeps_4a4_and_the_joker_bomb(tmp_path: Path) -> None:
    path = write(
        tmp_path / "bombs.toml",
        'game = "siyaosi"\nname = "bombs"\nextends = "classic"\n[multipliers]\nbomb = 3\n',
    )
    assert table(load_variant(path), "multipliers") == CLASSIC_MULTIPLIERS | {"bomb": 3}


def test_a_file_adds_an_entry_and_changes_another(tmp_path: Path) -> None:
    path = write(
        tmp_path / "aces.toml",
        'game = "shengji"\nextends = "four-deck"\n[point_values]\nA = 10\nK = 20\n',
    )
    assert table(load_variant(path), "point_values") == {"5": 5, "10": 10, "K": 20, "A": 10}


def test_an_entry_is_taken_out_by_the_value_that_means_left_out(tmp_path: Path) -> None:
    path = write(
        tmp_path / "no-fives.toml",
        'game = "shengji"\nextends = "four-deck"\n[point_values]\n5 = 0\n',
    )
    assert table(load_variant(path), "point_values") == {"5": 0, "10": 10, "K": 10}


def test_extends_two_levels_deep_merges_at_every_level(tmp_path: Path) -> None:
    write(tmp_path / "a.toml", 'game = "siyaosi"\nextends = "classic"\n[multipliers]\nbomb = 3\n')
    write(tmp_path / "b.toml", 'game = "siyaosi"\nextends = "a.toml"\n[multipliers]\n4a4 = 6\n')
    path = write(tmp_path / "c.toml", 'game = "siyaosi"\nextends = "b.toml"\nchi = true\n')
    variant = load_variant(path)
    assert table(variant, "multipliers") == {"4a4": 6, "joker-bomb": 4, "bomb": 3}
    assert variant.switches()["chi"] is True and variant.name == "c"


def test_a_table_the_parent_leaves_to_its_default_merges_into_the_default(tmp_path: Path) -> None:
    write(tmp_path / "base.toml", 'game = "siyaosi"\nname = "base"\n')  # no [multipliers]
    path = write(
        tmp_path / "v.toml", 'game = "siyaosi"\nextends = "base.toml"\n[multipliers]\nbomb = 3\n'
    )
    assert table(load_variant(path), "multipliers") == CLASSIC_MULTIPLIERS | {"bomb": 3}


@pytest.mark.parametrize("ref", ["classic", "variant-object"])
def test_overrides_merge_like_a_file(ref: str) -> None:
    base: object = load_variant("classic") if ref == "variant-object" else ref
    variant = load_variant(base, overrides={"multipliers": {"bomb": 3}})  # type: ignore[arg-type]
    assert table(variant, "multipliers") == CLASSIC_MULTIPLIERS | {"bomb": 3}


def test_a_file_and_the_same_overrides_give_the_same_variant(tmp_path: Path) -> None:
    path = write(
        tmp_path / "one-deck-house.toml",
        'game = "siyaosi"\nname = "one-deck"\nextends = "one-deck"\n'
        "[score_table]\nsweep = [10, -5]\n[multipliers]\nbomb = 3\n",
    )
    changes = {"score_table": {"sweep": [10, -5]}, "multipliers": {"bomb": 3}}
    from_file = load_variant(path)
    assert from_file == load_variant("one-deck", overrides=changes).replace(
        description=from_file.description
    )


def test_replace_the_method_sets_a_table_whole() -> None:
    """``Variant.replace`` is the Python API's copy-with: the value given is the new value."""
    variant = load_variant("classic").replace(multipliers={"bomb": 3})
    assert table(variant, "multipliers") == {"bomb": 3}


# ---------------------------------------------------------------------- one ladder: refused
def test_a_level_table_that_drops_bands_is_refused_naming_them(tmp_path: Path) -> None:
    path = write(
        tmp_path / "ladder.toml",
        'game = "shengji"\nextends = "four-deck"\n[level_bands]\n0 = 3\n40 = 1\n',
    )
    err = refused(path)
    assert err.key == "level_bands" and err.code == "bad-variant"
    assert "'5', '80'" in str(err) and "four-deck" in str(err) and "replace" in str(err)


def test_a_level_table_that_lists_every_band_may_change_and_add(tmp_path: Path) -> None:
    path = write(
        tmp_path / "ladder.toml",
        'game = "shengji"\nextends = "four-deck"\n[level_bands]\n0 = 4\n5 = 2\n40 = 2\n80 = 1\n',
    )
    assert table(load_variant(path), "level_bands") == {"0": 4, "5": 2, "40": 2, "80": 1}


def test_overrides_that_drop_bands_are_refused_too() -> None:
    err = refused("four-deck", overrides={"level_bands": {"0": 4}})
    assert err.key == "level_bands" and "'5', '80'" in str(err)


def test_validate_names_the_key_and_the_entries_it_would_drop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path / "ladder.toml",
        'game = "shengji"\nextends = "four-deck"\n[level_bands]\n0 = 2\n',
    )
    assert main(["variant", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardrules: error: ") and err.count("\n") == 1
    assert "key 'level_bands'" in err and "'5', '80'" in err


def test_validate_accepts_the_issues_house_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path / "bombs.toml", 'game = "siyaosi"\nextends = "classic"\n[multipliers]\nbomb = 3\n'
    )
    assert main(["variant", "validate", str(path)]) == 0
    assert capsys.readouterr().out == "ok: siyaosi variant 'bombs'\n"
    assert main(["variant", "show", "--bare", str(path)]) == 0
    assert "[multipliers]\n4a4 = 5\njoker-bomb = 4\nbomb = 3\n" in capsys.readouterr().out


def test_an_empty_table_that_would_merge_into_nothing_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "v.toml", 'game = "siyaosi"\nextends = "one-deck"\n[score_table]\n')
    err = refused(path)
    assert err.key == "score_table" and "'sweep'" in str(err) and "replace" in str(err)


def test_an_empty_table_over_an_empty_one_is_no_change(tmp_path: Path) -> None:
    path = write(tmp_path / "v.toml", 'game = "siyaosi"\nextends = "classic"\n[score_table]\n')
    assert load_variant(path).score_table == ()  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- replace
def test_replace_empties_a_table(tmp_path: Path) -> None:
    path = write(
        tmp_path / "no-score.toml",
        'game = "siyaosi"\nextends = "one-deck"\nreplace = ["score_table"]\n[score_table]\n',
    )
    assert load_variant(path).score_table == ()  # type: ignore[attr-defined]


def test_replace_drops_bands_and_is_not_inherited(tmp_path: Path) -> None:
    write(
        tmp_path / "a.toml",
        'game = "shengji"\nextends = "four-deck"\nreplace = ["level_bands"]\n'
        "[level_bands]\n0 = 2\n40 = 1\n",
    )
    assert table(load_variant(tmp_path / "a.toml"), "level_bands") == {"0": 2, "40": 1}
    # b extends a without replace: it must list a's bands, not four-deck's.
    ok = write(
        tmp_path / "b.toml", 'game = "shengji"\nextends = "a.toml"\n[level_bands]\n0 = 3\n40 = 1\n'
    )
    assert table(load_variant(ok), "level_bands") == {"0": 3, "40": 1}
    bad = write(tmp_path / "c.toml", 'game = "shengji"\nextends = "a.toml"\n[level_bands]\n0 = 3\n')
    assert "'40'" in str(refused(bad))


def test_replace_in_overrides() -> None:
    variant = load_variant(
        "one-deck", overrides={"replace": ["score_table"], "score_table": {"sweep": [8, -4]}}
    )
    assert variant.score_table == (("sweep", (8, -4)),)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('replace = "score_table"\n[score_table]\n', "a list of the tables"),
        ('replace = ["gates"]\ngates = []\n', "'gates' is not a table switch"),
        ('replace = ["score_tabel"]\n', "did you mean 'score_table'"),
        ('replace = ["multipliers"]\n', "'multipliers', which is not set"),
    ],
)
def test_a_bad_replace_is_refused_naming_the_key(tmp_path: Path, text: str, fragment: str) -> None:
    path = write(tmp_path / "v.toml", f'game = "siyaosi"\nextends = "one-deck"\n{text}')
    err = refused(path)
    assert err.key == "replace" and fragment in str(err)


def test_replace_without_extends_is_refused(tmp_path: Path) -> None:
    path = write(
        tmp_path / "v.toml",
        'game = "siyaosi"\nreplace = ["multipliers"]\n[multipliers]\nbomb = 3\n',
    )
    err = refused(path)
    assert err.key == "replace" and "extends no variant" in str(err)


def test_a_resolved_table_has_no_replace() -> None:
    table_ = load_variant("classic").to_table() | {"replace": ["multipliers"]}
    with pytest.raises(VariantError) as err:
        variant_from_table(table_)
    assert err.value.key == "replace"


@pytest.mark.parametrize("game", ["siyaosi", "shengji"])
def test_every_table_switch_declares_how_it_merges(game: str) -> None:
    for f in switches_of(variant_class(game)):
        sw = f.metadata["switch"]
        assert (sw.kind in ("table", "pairs")) == (sw.merge in ("keys", "whole")), f.name


# ---------------------------------------------------------------------- a file's name
def test_a_file_without_name_is_named_after_its_file_not_its_preset(tmp_path: Path) -> None:
    path = write(tmp_path / "my-house.toml", 'game = "siyaosi"\nextends = "classic"\nchi = true\n')
    variant = load_variant(path)
    assert variant.name == "my-house" and variant.description == "classic with changes"


def test_a_file_without_name_or_extends_is_named_after_its_file(tmp_path: Path) -> None:
    path = write(tmp_path / "plain.toml", 'game = "shengji"\n')
    assert load_variant(path).name == "plain"


def test_a_named_file_keeps_its_name(tmp_path: Path) -> None:
    path = write(tmp_path / "x.toml", 'game = "siyaosi"\nname = "house"\nextends = "classic"\n')
    assert load_variant(path).name == "house"
