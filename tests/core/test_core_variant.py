"""Variants as data: presets, extends, validation messages, diff, JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import VariantError, list_presets, load_variant, variant_diff
from cardrules.testing.strategies import invalid_variant_tables, variants
from cardrules.variant import GAMES, VariantBase, dump_toml, variant_from_table


def test_presets_load() -> None:
    names = {(g, n) for g, n in list_presets()}
    assert {("siyaosi", "classic"), ("siyaosi", "one-deck"), ("shengji", "four-deck")} <= names
    for game, name in names:
        variant = load_variant(name, game=game)
        assert variant.name == name and variant.game == game


def test_house_rule_extends_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "six.toml"
    path.write_text('game = "siyaosi"\nname = "six"\nextends = "classic"\nplayers = 6\ndecks = 3\n')
    variant = load_variant(path)
    assert variant.name == "six"
    assert variant_diff(load_variant("classic"), variant) == [("players", 4, 6), ("decks", 2, 3)]


def test_extends_chain_of_files(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(
        'game = "siyaosi"\nname = "a"\nextends = "one-deck"\nchi = true\n'
    )
    (tmp_path / "b.toml").write_text(
        'game = "siyaosi"\nname = "b"\nextends = "a.toml"\ngou = true\n'
    )
    variant = load_variant(tmp_path / "b.toml")
    assert variant.switches()["chi"] is True and variant.switches()["decks"] == 1


def test_extends_loop_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('game = "siyaosi"\nextends = "b.toml"\n')
    (tmp_path / "b.toml").write_text('game = "siyaosi"\nextends = "a.toml"\n')
    with pytest.raises(VariantError, match="loops"):
        load_variant(tmp_path / "a.toml")


@pytest.mark.parametrize(
    ("overrides", "key", "fragment"),
    [
        ({"flush_straigths": False}, "flush_straigths", "did you mean 'flush_straights'"),
        ({"players": 5}, "players", "4, 6, 8"),
        ({"decks": 0}, "decks", "1..4"),
        ({"cha": "sometimes"}, "cha", "'chain', 'capture', 'off'"),
        ({"chi": "yes"}, "chi", "true or false"),
    ],
)
def test_validation_names_key_value_and_allowed(
    overrides: dict[str, object], key: str, fragment: str
) -> None:
    with pytest.raises(VariantError) as err:
        load_variant("classic", overrides=overrides)
    assert err.value.key == key
    assert key in str(err.value) and fragment in str(err.value)


def test_cards_that_do_not_divide_are_refused() -> None:
    with pytest.raises(VariantError) as err:
        load_variant("four-deck", overrides={"kitty": 7})
    assert err.value.key == "kitty" and "divide" in str(err.value)


def test_wrong_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('game = "shengji"\nextends = "classic"\n')
    with pytest.raises(VariantError, match="preset"):
        load_variant(path)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_any_drawn_variant_round_trips(game: str, data: st.DataObject) -> None:
    variant = data.draw(variants(game))
    assert variant_from_table(variant.to_table()) == variant
    assert variant_from_table(variant.to_json()) == variant
    import tomllib

    assert variant_from_table(tomllib.loads(dump_toml(variant.to_table()))) == variant


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_invalid_tables_are_refused_naming_the_key(game: str, data: st.DataObject) -> None:
    table, key = data.draw(invalid_variant_tables(game))
    with pytest.raises(VariantError) as err:
        variant_from_table(table)
    assert err.value.key == key


def test_variants_are_frozen() -> None:
    variant: VariantBase = load_variant("classic")
    with pytest.raises(AttributeError):
        variant.name = "x"  # type: ignore[misc]
