"""What a client needs is where a client looks, typed (``mypy --strict`` checks this file): every
name a package's ``__all__`` lists imports, the public names of the modules a client uses are
reachable from its package, the driver hands back the state it was given with its own type, and
the protocol says the phase and the levels of any state or view."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import TypeVar

import pytest

import cardrules
from cardrules import (
    Bot,
    GameState,
    GameView,
    MoveLike,
    RandomBot,
    askers,
    load_case_file,
    play_round,
    rule_on,
    shengji,
    siyaosi,
    turns,
)
from cardrules.shengji import NAMING, HeuristicBot, MoveKind

M = TypeVar("M", bound=MoveLike)

PACKAGES = ["cardrules", "cardrules.siyaosi", "cardrules.shengji"]

#: The modules a client uses, by the package it looks in: every name their ``__all__`` lists is
#: reachable from the package.
CLIENT_MODULES = {
    "cardrules": [
        "cardrules.bots",
        "cardrules.codes",
        "cardrules.errors",
        "cardrules.legal",
        "cardrules.notation",
    ],
    "cardrules.siyaosi": [
        "cardrules.siyaosi.bots",
        "cardrules.siyaosi.match",
        "cardrules.siyaosi.match.view",
        "cardrules.siyaosi.result",
        "cardrules.siyaosi.view",
    ],
    "cardrules.shengji": [
        "cardrules.shengji.bots",
        "cardrules.shengji.match.state",
        "cardrules.shengji.match.view",
        "cardrules.shengji.view",
    ],
}


def _all(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    assert isinstance(names, list) and all(isinstance(n, str) for n in names)
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_every_name_a_package_lists_imports(package: str) -> None:
    module = importlib.import_module(package)
    names = _all(module)
    assert len(names) == len(set(names)), "a name listed twice"
    missing = [name for name in names if not hasattr(module, name)]
    assert not missing


@pytest.mark.parametrize("package", list(CLIENT_MODULES))
def test_the_public_names_of_client_modules_are_reachable(package: str) -> None:
    top = importlib.import_module(package)
    exported = set(_all(top))
    for name in CLIENT_MODULES[package]:
        module = importlib.import_module(name)
        unreachable = [n for n in _all(module) if n not in exported]
        assert not unreachable, f"{name}: {unreachable}"
        assert all(getattr(top, n) is getattr(module, n) for n in _all(module))


def test_the_trump_naming_kinds_are_exported() -> None:
    assert set(NAMING) == {k for k in MoveKind if k.value in ("spades", "hearts", "clubs",
                                                              "diamonds", "notrump")}  # fmt: skip
    assert callable(rule_on) and callable(load_case_file)


def test_the_judge_is_a_module_whose_names_are_documented() -> None:
    """``cardrules.judge`` stays the module (the function ``judge`` is not exported over it), and
    everything its ``__all__`` lists is there."""
    module = importlib.import_module("cardrules.judge")
    assert cardrules.judge is module and callable(module.judge)
    assert all(hasattr(module, n) for n in _all(module))


# ---------------------------------------------------------------------- the driver keeps types
def test_play_round_hands_back_a_match_as_a_match() -> None:
    variant = siyaosi.load_variant("one-deck", overrides={"start_level": "A", "victory": "reach"})
    bots: list[Bot[siyaosi.Move]] = [siyaosi.HeuristicBot() for _ in range(variant.players)]
    final, log = play_round(siyaosi.Match.new(variant, seed=3), bots, random.Random(3))
    winner: int = final.result().winner  # a siyaosi.Match: no isinstance needed
    assert winner in (0, 1) and log and final.phase is siyaosi.Phase.OVER


def test_turns_yield_states_of_the_type_given() -> None:
    variant = shengji.load_variant("four-deck", overrides={"match_rounds": 1, "decks": 1,
                                                           "kitty": 6})  # fmt: skip
    bots: list[Bot[shengji.Move]] = [HeuristicBot() for _ in range(variant.players)]
    phases: set[shengji.Phase] = set()
    last: shengji.Match | None = None
    for state, _turn in turns(shengji.Match.new(variant, seed=5), bots, random.Random(5)):
        phases.add(state.phase)  # a shengji.Match's own phase
        last = state
    assert last is not None and last.result().over
    assert {shengji.Phase.DEAL, shengji.Phase.BURY, shengji.Phase.PLAY} <= phases


# ---------------------------------------------------------------------- the protocol
def _describe(view: GameView[M]) -> str:
    """What a game-independent client reads of any view: no narrowing to a game's class."""
    return f"{view.phase} {'/'.join(r.text for r in view.levels)} seat {view.seat}"


def _first_views(state: GameState[M]) -> list[str]:
    return [_describe(state.view(seat)) for seat in askers(state)]


def test_every_state_and_view_says_its_phase_and_levels() -> None:
    seen = [
        _first_views(siyaosi.State.new("classic", seed=1, levels=("5", "9"))),
        _first_views(siyaosi.Match.new("classic", seed=1)),
        _first_views(shengji.State.new("four-deck", seed=1)),
        _first_views(shengji.Match.new("four-deck", seed=1)),
    ]
    assert seen[0] and seen[0][0].startswith("play 5/9")
    assert seen[1][0].startswith("play ")  # round 1 of a match has no tribute phase
    assert seen[2] and all(line.startswith("play 2/2") for line in seen[2])
    assert seen[3] and all(line.startswith("deal 2/2") for line in seen[3])
    assert shengji.State.new("four-deck", seed=1).view(0).phase == "play"


def test_a_random_bot_drives_either_game_through_the_protocol() -> None:
    match = shengji.Match.new(
        shengji.load_variant("four-deck", overrides={"match_rounds": 1, "decks": 1, "kitty": 6}),
        seed=2,
    )
    bots: list[Bot[shengji.Move]] = [RandomBot() for _ in range(4)]
    final, _log = play_round(match, bots, random.Random(2))
    assert final.result().winner in (0, 1, None)
