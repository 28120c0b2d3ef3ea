"""Every document the library writes validates against its published JSON Schema (draft 2020-12),
in property tests over any variant; the shipped schema files are the ones the code builds."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from cardrules import GameState, MoveLike, shengji, siyaosi
from cardrules.events import Event, write_events
from cardrules.jsonio import JSON
from cardrules.judge import judge
from cardrules.records import Record
from cardrules.schema import schema_names, schema_of, shipped_dir
from cardrules.testing.strategies import seeds, variants

M = TypeVar("M", bound=MoveLike)
SPEC = Path(__file__).resolve().parent.parent / "spec"


def _check(name: str, document: JSON) -> None:
    validator = Draft202012Validator(schema_of(name))
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].path)}"


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for name in schema_names():
        Draft202012Validator.check_schema(schema_of(name))


def test_the_shipped_schema_files_are_the_built_ones() -> None:
    """``python -m cardrules.schema`` writes them; run it after changing a document."""
    shipped = {
        p.stem: json.loads(p.read_text(encoding="utf-8")) for p in shipped_dir().glob("*.json")
    }
    assert shipped == {name: schema_of(name) for name in schema_names()}


def _documents(state: GameState[M], game: str, seed: int) -> None:
    rng = random.Random(seed)
    log: list[Event] = []
    moves: list[str] = []
    steps = 0
    while True:
        _check(f"{game}.state", state.to_json())
        _check(f"{game}.view", state.view(steps % state.players).to_json())
        if state.is_over:
            _check(f"{game}.result", state.result().to_json())
            break
        move = state.random_move(rng)
        _check(f"{game}.move", move.to_json())
        moves.append(str(move))
        state, events = state.step(move)
        log.extend(events)
        steps += 1
    _check(f"{game}.events", write_events(game, log))
    _check(f"{game}.variant", state.variant.to_json())
    record = Record(
        game=game,
        variant=state.variant,
        seed=seed,
        moves=tuple(moves),
        result=state.result().to_json(),
        comments={1: "a comment"},
    )
    _check(f"{game}.record", tomllib.loads(record.to_toml()))


@settings(max_examples=10)
@given(variants("siyaosi"), seeds())
def test_siyaosi_documents_follow_their_schemas(variant: object, seed: int) -> None:
    assert isinstance(variant, siyaosi.Variant)
    _documents(siyaosi.State.new(variant, seed=seed, levels=("4", "9"), ruling=1), "siyaosi", seed)


@settings(max_examples=6)
@given(variants("shengji").filter(lambda v: v.decks <= 4), seeds())
def test_shengji_documents_follow_their_schemas(variant: object, seed: int) -> None:
    assert isinstance(variant, shengji.Variant)
    _documents(shengji.State.new(variant, seed=seed, trump="D", banker=1), "shengji", seed)


@pytest.mark.parametrize(
    ("position", "moves"),
    [
        (
            {"game": "siyaosi", "variant": "classic", "leader": 0,
             "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]},
            ["0: 8S", "2: 8C 8C"],
        ),
        (
            {"game": "siyaosi", "variant": "classic", "leader": 0,
             "hands": ["8S 5C 9D", "8D 8H KH", "8C 8C QH", "3S 4D 8H"]},
            ["0: 8S", "3: 3S"],
        ),
        (
            {"game": "shengji", "variant": "four-deck", "trump": "H", "banker": 0,
             "hands": ["3S 4S 3D", "5S 6S 4D", "7S 8S 5D", "9S JS 6D"]},
            ["0: 3S", "1: 5S"],
        ),
    ],
)  # fmt: skip
def test_rulings_follow_their_schema(position: dict[str, JSON], moves: list[str]) -> None:
    ruling = judge(position, moves)
    _check(f"{ruling.game}.ruling", ruling.to_json())


def test_every_spec_position_follows_its_schema() -> None:
    for path in sorted((SPEC / "cases").rglob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        tables = list(doc.get("positions", {}).values())
        tables += [
            c["position"] for c in doc.get("case", []) if isinstance(c.get("position"), dict)
        ]
        for table in tables:
            _check(f"{table['game']}.position", table)
