"""The match switches of 四幺四 as data: both presets give them their seeds' values, a file's
scoring table is merged into the preset's (or replaces it with ``replace``), bad tables are
refused naming the key, and the variant strategy draws every match switch (so the property tests
cover house rules nobody wrote)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from cardrules.errors import VariantError
from cardrules.siyaosi import Variant, load_variant
from cardrules.testing.strategies import variants
from cardrules.variant import switch_comments

MATCH_SWITCHES = (
    "first_ruling", "rise", "sweep_rise", "gates", "victory", "tribute", "tribute_excluded",
    "tribute_pairing", "rebellion", "suppress_rebellion", "tribute_leader", "score_table",
    "multipliers", "multiplier_mode",
)  # fmt: skip


def test_classic_plays_seed_000s_match() -> None:
    v = load_variant("classic").switches()
    assert (v["rise"], v["gates"], v["victory"]) == ("catches", ["J", "A"], "pass")
    assert (v["tribute"], v["rebellion"], v["suppress_rebellion"]) == ("caught", "choice", True)
    assert (v["tribute_leader"], v["first_ruling"], v["score_table"]) == ("emperor", "none", {})


def test_one_deck_plays_seed_001s_match() -> None:
    v = load_variant("one-deck").switches()
    assert (v["rise"], v["sweep_rise"], v["gates"], v["victory"]) == ("sweep", 2, [], "reach")
    assert (v["tribute"], v["tribute_excluded"], v["rebellion"]) == ("places", ["4", "A"], "auto")
    assert (v["tribute_leader"], v["first_ruling"]) == ("payer", "leader")
    assert v["score_table"] == {
        "sweep": [8, -4],
        "ruling-caught-some": [4, 1],
        "ruling-caught-none": [2, 2],
        "reverse-sweep": [-8, 8],
        "other-caught-some": [-4, 4],
        "other-caught-none": [-2, 2],
    }
    assert v["multipliers"] == {"4a4": 5, "joker-bomb": 4, "bomb": 2}
    assert v["multiplier_mode"] == "per_kind"


def test_every_match_switch_is_documented_with_its_clauses() -> None:
    comments = switch_comments(Variant)
    for name in MATCH_SWITCHES:
        assert "Spec: 4A4-" in comments[name], name


def test_a_file_that_sets_one_outcome_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "big-sweeps.toml"
    path.write_text(
        'game = "siyaosi"\nname = "big-sweeps"\nextends = "one-deck"\n\n'
        "[score_table]\nsweep = [10, -5]\n",
        encoding="utf-8",
    )
    table = dict(load_variant(path).score_table)
    assert table == dict(load_variant("one-deck").score_table) | {"sweep": (10, -5)}


def test_a_file_that_replaces_the_score_table_sets_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "sweeps-only.toml"
    path.write_text(
        'game = "siyaosi"\nname = "sweeps-only"\nextends = "one-deck"\n'
        'replace = ["score_table"]\n\n[score_table]\nsweep = [3, 0]\n',
        encoding="utf-8",
    )
    assert load_variant(path).score_table == (("sweep", (3, 0)),)


@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"score_table": {"sweep": 8}}, "score_table"),
        ({"score_table": {"sweep": [8, -4, 1]}}, "score_table"),
        ({"score_table": {"sweep": [8, True]}}, "score_table"),
        ({"score_table": {"full-house": [8, -4]}}, "score_table"),
        ({"multipliers": {"bomb": 0}}, "multipliers"),
        ({"multipliers": {"straight": 2}}, "multipliers"),
        ({"gates": ["SJ"]}, "gates"),
        ({"tribute_excluded": ["X"]}, "tribute_excluded"),
        ({"sweep_rise": 0}, "sweep_rise"),
        ({"rebellion": "sometimes"}, "rebellion"),
    ],
)
def test_bad_match_switches_are_refused_naming_the_key(
    overrides: dict[str, object], key: str
) -> None:
    with pytest.raises(VariantError) as err:
        load_variant("one-deck", overrides=overrides)
    assert err.value.key == key


@pytest.mark.slow
def test_drawn_variants_reach_match_switches_nobody_wrote() -> None:
    """Over many draws, every value of every enum match switch and custom tables appear."""
    seen: dict[str, set[object]] = {name: set() for name in MATCH_SWITCHES}

    @settings(max_examples=400, database=None)
    @given(variants("siyaosi"))
    def collect(variant: object) -> None:
        assert isinstance(variant, Variant)
        for name in MATCH_SWITCHES:
            seen[name].add(getattr(variant, name))

    collect()
    for name in ("rise", "victory", "tribute", "tribute_pairing", "rebellion", "tribute_leader"):
        assert len(seen[name]) >= 2, name
    preset_tables = {load_variant(p).score_table for p in ("classic", "one-deck")}
    assert seen["score_table"] - preset_tables, "no score table but the presets' was drawn"
