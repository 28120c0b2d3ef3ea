"""Simulations: the statistics, the same figures however the work is split (one process, a
process pool, a local Dask cluster), the JSON document and its schema, the command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from jsonschema import Draft202012Validator

from cardrules.errors import CardrulesError
from cardrules.registry import game_named
from cardrules.rng import derive_seed
from cardrules.schema import schema_of
from cardrules.simulate import Simulation, _DuelDeal, simulate
from cardrules.stats import GameTally, TallyBuilder, compare, estimate, merge, score_estimate
from cardrules.variant import load_variant


# ---------------------------------------------------------------------- statistics
def test_wilson_interval_matches_the_textbook_values() -> None:
    # 5 of 10 and 0 of 10 (Wilson 1927; e.g. Newcombe 1998, table I).
    half = estimate([1.0] * 5 + [0.0] * 5, rate=True)
    assert (round(half.low, 4), round(half.high, 4)) == (0.2366, 0.7634)
    none = estimate([0.0] * 10, rate=True)
    assert (none.low, round(none.high, 4)) == (0.0, 0.2775)
    with pytest.raises(CardrulesError):
        estimate([0.0, 2.0], rate=True)


def test_a_mean_has_the_normal_interval_and_quantiles() -> None:
    e = estimate([1.0, 2.0, 3.0, 4.0, 5.0])
    assert e.mean == 3.0 and round(e.sd, 4) == 1.5811
    assert round(e.half_width, 4) == round(1.959964 * 1.5811388 / 5**0.5, 4)
    assert e.quantiles == (1.4, 3.0, 4.6)
    # A count cannot be negative: the interval stops at 0.
    assert estimate([0.0, 0.0, 0.0, 3.0]).low == 0.0


def test_comparison_says_when_the_interval_leaves_out_zero() -> None:
    a = estimate([10.0, 11.0, 9.0, 10.0, 10.0, 11.0, 9.0])
    b = estimate([20.0, 21.0, 19.0, 20.0, 20.0, 21.0, 19.0])
    c = compare(a, b)
    assert c.difference == 10.0 and c.clear and c.low < 10.0 < c.high
    assert not compare(a, a).clear


def test_a_count_missing_from_a_game_is_zero_there() -> None:
    one = TallyBuilder(["move.cha"])
    one.count("play.bomb", 2)
    one.happened("round.holds", True)
    two = TallyBuilder()
    two.happened("round.holds", False)
    two.sample("round.points", 35)
    merged = merge([one.build(), two.build()], counted=["play.4a4"])
    assert merged == {
        "move.cha": [0.0, 0.0],
        "play.4a4": [0.0, 0.0],
        "play.bomb": [2.0, 0.0],
        "round.holds": [1.0, 0.0],
        "round.points": [35.0],
    }
    assert one.build().rates == frozenset({"round.holds"})
    assert GameTally({}, {}).rates == frozenset()


# ---------------------------------------------------------------------- running
#: Short matches keep the tests quick: both teams start at K, two levels from winning.
SHORT = {"start_level": "K"}


def _siyaosi(games: int, **how: object) -> Simulation:
    variants = [
        load_variant("classic", game="siyaosi", overrides=SHORT),
        load_variant("one-deck", game="siyaosi", overrides=SHORT),
    ]
    return simulate("siyaosi", variants, games=games, seed=5, **how)  # type: ignore[arg-type]


def test_the_figures_do_not_depend_on_how_the_work_is_split() -> None:
    alone = _siyaosi(4, workers=1).to_json()
    pooled = _siyaosi(4, workers=2).to_json()
    assert alone == pooled
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        on_cluster = _siyaosi(4, cluster=cluster.scheduler_address).to_json()
    assert on_cluster == alone


def test_a_simulation_measures_what_designers_ask() -> None:
    sim = _siyaosi(8, workers=1)
    classic, one_deck = sim.variants
    for key in ("play.4a4", "play.bomb", "move.cha", "move.gou", "move.chi", "game.rounds"):
        assert classic.measures[key].per == "game"
    assert one_deck.measures["round.ruling-holds"].estimate.binary
    assert one_deck.measures["round.ruling-holds"].per == "round"
    # Each variant played 8 matches, each of at least one round.
    assert classic.measures["game.rounds"].estimate.n == 8
    assert classic.measures["game.rounds"].estimate.mean >= 1
    assert "event.rebelled" in classic.measures and "round.points" in one_deck.measures
    # The same deals for both variants: the comparison covers every measure both have.
    assert set(sim.comparisons[0]) == classic.measures.keys() & one_deck.measures.keys()
    # Chains exist only in classic (one-deck has no cha and no gou).
    assert one_deck.measures["move.cha"].estimate.mean == 0.0


def test_the_shengji_simulation_counts_leads_ruffs_and_shutouts() -> None:
    one_round = load_variant("four-deck", game="shengji", overrides={"match_rounds": 1})
    sim = simulate("shengji", [one_round], games=2, workers=1)
    measures = sim.variants[0].measures
    assert measures["round.attacker-points"].per == "round"
    for rate in ("round.banker-holds", "round.big-shutout", "round.small-shutout"):
        assert measures[rate].estimate.binary and measures[rate].estimate.n == 2
    assert measures["lead.single"].estimate.mean > 0
    assert {"lead.tractor", "lead.throw", "follow.ruff"} <= measures.keys()


def test_the_document_follows_its_schema() -> None:
    document = _siyaosi(3, workers=1).to_json()
    validator = Draft202012Validator(schema_of("siyaosi.simulation"))
    assert not list(validator.iter_errors(document))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "--games"),
        ({"games": 1, "bot": "genius"}, "unknown bot"),
        ({"games": 1, "workers": 0}, "--workers"),
        ({"games": 1, "seed": -1}, "--seed"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(CardrulesError, match=message):
        simulate("siyaosi", [load_variant("classic", game="siyaosi")], **kwargs)  # type: ignore[arg-type]
    with pytest.raises(CardrulesError, match="is a shengji variant"):
        simulate("siyaosi", [load_variant("four-deck", game="shengji")], games=1)


# ---------------------------------------------------------------------- the command
def _cardrules(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules", *args], capture_output=True, text=True, timeout=300
    )


def test_the_command_prints_tables_and_json(tmp_path: Path) -> None:
    saved = tmp_path / "sim.json"
    short = tmp_path / "short.toml"
    short.write_text('game = "siyaosi"\nextends = "one-deck"\nname = "short"\nstart_level = "K"\n')
    done = _cardrules(
        "simulate", "siyaosi", "--games", "3", "--variant", str(short), "--workers", "1",
        "--save", str(saved),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "round.ruling-holds" in done.stdout and "95% CI" in done.stdout
    as_json = _cardrules(
        "simulate", "siyaosi", "--games", "3", "--variant", str(short), "--workers", "1", "--json"
    )
    assert as_json.returncode == 0
    assert json.loads(as_json.stdout) == json.loads(saved.read_text())


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "classic"\nname = "house"\ngou = "maybe"\n')
    for args in (
        ("simulate", "siyaosi", "--games", "2", "--variant", "nosuch"),
        ("simulate", "siyaosi", "--games", "0"),
        ("simulate", "siyaosi", "--games", "2", "--variant", str(house)),
    ):
        done = _cardrules(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# ---------------------------------------------------------------------- duels
def _duel(game: str, preset: str, deals: int, **kwargs: object) -> Simulation:
    variant = load_variant(preset, game=game)
    return simulate(game, [variant], games=deals, bots=("heuristic", "random"), **kwargs)  # type: ignore[arg-type]


def test_a_duel_seats_each_bot_on_each_team_of_the_same_deal() -> None:
    entry = game_named("siyaosi")
    variant = load_variant("classic", game="siyaosi")
    tally = entry.seat_bots(variant, derive_seed(1, 0), _DuelDeal(("random", "random"), True, 7))
    # two plays of the deal: two round scores, and A's deal score is their mean
    rounds = tally.samples["duel.round-score"]
    assert len(rounds) == 2
    assert tally.samples["duel.score"] == (sum(rounds) / 2,)
    # the same bots on both teams, the same deal and bot seed: the plays mirror each other, so
    # A (random) wins exactly one of them and its margins cancel
    assert sorted(rounds) == [0.0, 1.0]
    assert tally.samples["duel.margin"] == (0.0,)


def test_a_duel_reports_the_stronger_bot_clearly_ahead() -> None:
    sim = _duel("siyaosi", "classic", 12, rounds=True, workers=1)
    duel = sim.variants[0].duel
    assert duel is not None and duel.a == "heuristic" and duel.deals == 12
    assert duel.win_rate.mean > 0.5 and duel.unit == "levels"
    assert duel.decisions_per_second > 0
    document = sim.to_json()
    assert document["bots"] == ["heuristic", "random"] and document["rounds"] is True
    variants = document["variants"]
    assert isinstance(variants, list) and isinstance(variants[0], dict)
    reported = variants[0]["duel"]
    assert isinstance(reported, dict)
    rate = reported["win_rate"]
    assert isinstance(rate, dict)
    low, mean, high = (rate[k] for k in ("low", "estimate", "high"))
    assert isinstance(low, float) and isinstance(mean, float) and isinstance(high, float)
    assert 0.0 <= low <= mean <= high <= 1.0
    validator = Draft202012Validator(schema_of("siyaosi.simulation"))
    assert not list(validator.iter_errors(document))


def test_a_shengji_duel_counts_points_and_rounds() -> None:
    sim = _duel("shengji", "four-deck", 1, rounds=True, workers=1)
    duel = sim.variants[0].duel
    assert duel is not None and duel.unit == "points"
    assert duel.round_win_rate is not None and duel.round_win_rate.n == 2
    validator = Draft202012Validator(schema_of("shengji.simulation"))
    assert not list(validator.iter_errors(sim.to_json()))


def test_a_duel_is_the_same_however_the_work_is_split() -> None:
    alone, pooled = (
        _duel("siyaosi", "one-deck", 4, rounds=True, workers=workers) for workers in (1, 2)
    )
    a, b = alone.variants[0].duel, pooled.variants[0].duel
    assert a is not None and b is not None
    # every figure but the speed, which is measured
    assert attrs.evolve(a, decisions_per_second=0.0) == attrs.evolve(b, decisions_per_second=0.0)


def test_rounds_need_a_duel_and_a_duel_two_known_bots() -> None:
    classic = [load_variant("classic", game="siyaosi")]
    with pytest.raises(CardrulesError, match="rounds"):
        simulate("siyaosi", classic, games=1, rounds=True)
    with pytest.raises(CardrulesError, match="two bot names"):
        simulate("siyaosi", classic, games=1, bots=("random",))  # type: ignore[arg-type]
    with pytest.raises(CardrulesError, match="unknown bot"):
        simulate("siyaosi", classic, games=1, bots=("random", "genius"))


def test_the_duel_command_prints_the_win_rate() -> None:
    done = _cardrules(
        "simulate",
        "siyaosi",
        "--bots",
        "heuristic,random",
        "--games",
        "2",
        "--rounds",
        "--workers",
        "1",
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout and "levels" in done.stdout
    bad = _cardrules("simulate", "siyaosi", "--bots", "heuristic", "--games", "2")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_a_score_interval_never_shrinks_to_nothing() -> None:
    every = score_estimate([1.0] * 400)
    assert every.mean == 1.0 and every.high == pytest.approx(1.0) and 0.98 < every.low < 0.999
    halves = score_estimate([0.5, 1.0, 0.0, 0.5])
    assert halves.low < 0.5 < halves.high
    with pytest.raises(CardrulesError):
        score_estimate([1.5])
