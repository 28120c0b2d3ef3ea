"""CORE-VARIANT-2 (A switch may follow another): a switch that follows another takes the value the
other calls for wherever a variant leaves it out or changes only the one it follows — through a
file's ``extends`` chain, ``overrides``, ``Variant.replace`` and a resolved table alike — and a
pair that contradicts itself is refused naming both keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import VariantError, load_variant
from cardrules.cases.runner import refusal_keys
from cardrules.shengji.variant import MatchScore
from cardrules.siyaosi.variant import Victory
from cardrules.variant import switches_of, variant_class, variant_from_table


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_file_that_drops_the_a_gate_plays_reach(tmp_path: Path) -> None:
    path = write(tmp_path / "no-a.toml", 'game = "siyaosi"\nextends = "classic"\ngates = ["J"]\n')
    assert load_variant(path).victory is Victory.REACH  # type: ignore[attr-defined]


def test_the_follower_follows_through_a_chain_of_files(tmp_path: Path) -> None:
    write(tmp_path / "base.toml", 'game = "siyaosi"\nextends = "one-deck"\ngates = ["A"]\n')
    path = write(tmp_path / "top.toml", 'game = "siyaosi"\nextends = "base.toml"\ndecks = 1\n')
    assert load_variant(path).victory is Victory.PASS  # type: ignore[attr-defined]


def test_replace_and_overrides_follow_alike() -> None:
    classic = load_variant("classic", game="siyaosi")
    assert classic.replace(gates=[]).victory is Victory.REACH  # type: ignore[attr-defined]
    assert classic.replace(start_level="5").victory is Victory.PASS  # type: ignore[attr-defined]
    four = load_variant("four-deck", overrides={"match_rounds": 9})
    assert four.match_score is MatchScore.MATCH  # type: ignore[attr-defined]
    assert four.replace(match_rounds=0).match_score is MatchScore.ROUND  # type: ignore[attr-defined]


def test_a_resolved_table_without_the_follower_derives_it() -> None:
    table = load_variant("classic", game="siyaosi").to_table()
    del table["victory"]
    table["gates"] = []
    assert variant_from_table(table).victory is Victory.REACH  # type: ignore[attr-defined]


def test_a_follower_set_beside_its_leader_is_kept_when_they_agree() -> None:
    four = load_variant("four-deck", overrides={"match_rounds": 9, "match_score": "round"})
    assert four.match_score is MatchScore.ROUND  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game", "preset", "overrides", "keys"),
    [
        ("siyaosi", "classic", {"gates": [], "victory": "pass"}, ("victory", "gates")),
        ("siyaosi", "classic", {"victory": "reach"}, ("victory", "gates")),
        ("siyaosi", "one-deck", {"victory": "pass"}, ("victory", "gates")),
        ("shengji", "four-deck", {"match_score": "match"}, ("match_score", "match_rounds")),
    ],
)
def test_a_contradicting_pair_is_refused_naming_both(
    game: str, preset: str, overrides: dict[str, object], keys: tuple[str, ...]
) -> None:
    with pytest.raises(VariantError) as err:
        load_variant(preset, game=game, overrides=overrides)
    assert err.value.code == "bad-variant"
    assert refusal_keys(err.value, game) == keys


@pytest.mark.parametrize("game", ["siyaosi", "shengji"])
def test_every_follower_follows_a_switch_declared_before_it(game: str) -> None:
    names = [f.name for f in switches_of(variant_class(game))]
    followers = [
        (i, f.metadata["switch"].follows)
        for i, f in enumerate(switches_of(variant_class(game)))
        if f.metadata["switch"].follows
    ]
    assert followers  # both games declare one
    for i, leader in followers:
        assert leader in names[:i]
