"""Every document the library writes validates against its published JSON Schema (draft 2020-12),
in property tests over any variant; the shipped schema files are the ones the code builds."""

from __future__ import annotations

import functools
import json
import random
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import Protocol, TypeVar

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from cardrules import GameState, MoveLike, shengji, siyaosi
from cardrules.cards import Rank
from cardrules.events import Event, write_events
from cardrules.jsonio import JSON
from cardrules.judge import judge
from cardrules.records import Record
from cardrules.schema import schema_names, schema_of, shipped_dir
from cardrules.siyaosi.match.record import dealt
from cardrules.siyaosi.variant import Victory
from cardrules.testing.strategies import seeds, variants

M = TypeVar("M", bound=MoveLike)
SPEC = Path(__file__).resolve().parent.parent / "spec"


@functools.cache
def _validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema_of(name))


def _check(name: str, document: JSON) -> None:
    errors = sorted(_validator(name).iter_errors(document), key=lambda e: list(e.path))
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
    _check(f"{game}.record", record.to_json())


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


# ---------------------------------------------------------------------- matches
class _Match(GameState[M], Protocol[M]):
    """A match of either game: a game state in phases."""

    @property
    def phase(self) -> StrEnum: ...


def _match_documents(
    match: _Match[M], game: str, rng: random.Random, steps: int, long: tuple[str, ...]
) -> set[str]:
    """Random play for at most ``steps`` moves or to the end of the match, validating the match
    document and every seat's view: at every moment of the short phases, and in the ``long``
    ones at the first and the last moment of each spell and every 64th move; then the result of
    a match that is over. Returns the phases validated."""
    seen: set[str] = set()

    def check(m: _Match[M]) -> None:
        _check(f"{game}.match", m.to_json())
        for seat in range(m.players):
            _check(f"{game}.match-view", m.view(seat).to_json())
        seen.add(str(m.phase))

    before, checked, spell = match, True, -1
    for n in range(steps + 1):
        spell = spell + 1 if match.phase == before.phase else 0
        if spell == 0 and not checked:
            check(before)  # the last moment of the phase before
        checked = str(match.phase) not in long or spell == 0 or n % 64 == 0 or n == steps
        if checked or match.is_over:
            check(match)
        if match.is_over:
            result = match.result().to_json()
            _check(f"{game}.{result['type']}", result)
            break
        before, match = match, match.apply(match.random_move(rng))
    return seen


def _near_the_end(variant: siyaosi.Variant, seed: int) -> siyaosi.Match:
    """Round 2 of a match under ``victory = "reach"`` (whatever else ``variant`` says), after a
    round whose finishing order is seat by seat: team 1 stands at A, team 0 (ruling) just
    below, so a round or a few end the match (when team 1's seat is emperor, or team 0 reaches
    A; ``"pass"`` would wait for a sweep at A, which random play may take hundreds of rounds to
    bring). At ``start_level = A`` round 1 already ends the match."""
    # Without an A gate victory follows as "reach" (CORE-VARIANT-2 (A switch may follow another)).
    variant = variant.replace(gates=[g for g in variant.gates if g != "A"])
    assert variant.victory is Victory.REACH
    top, below = Rank.ACE, max(variant.start_level, Rank.KING)
    if below is top:
        return siyaosi.Match.new(variant, seed=seed)
    return siyaosi.Match(
        variant=variant,
        seed=seed,
        round=2,
        levels=(below, top),
        ruling=0,
        last_finish=tuple(range(variant.players)),
        deal=dealt(variant, seed, 2),
    )


@settings(max_examples=3, deadline=None)
@given(variants("siyaosi"), seeds())
def test_siyaosi_match_documents_follow_their_schemas(variant: object, seed: int) -> None:
    """A dealt match through its first round into the second's tribute and play; then a match
    near its end, through its tribute phases and plays to the end (random play ends it within
    a few rounds: 2,075 moves at most in 400 random tries)."""
    assert isinstance(variant, siyaosi.Variant)
    rng = random.Random(seed)
    seen = _match_documents(siyaosi.Match.new(variant, seed=seed), "siyaosi", rng, 200, ("play",))
    seen |= _match_documents(_near_the_end(variant, seed), "siyaosi", rng, 20_000, ("play",))
    assert {"play", "over"} <= seen


@settings(max_examples=3, deadline=None)
@given(variants("shengji", match_rounds=1, decks=1, kitty=6), seeds())
def test_shengji_match_documents_follow_their_schemas(variant: object, seed: int) -> None:
    """A one-round match from its deal through the bidding, the burial, the frying and the play
    to its end."""
    assert isinstance(variant, shengji.Variant)
    match = shengji.Match.new(variant, seed=seed)
    seen = _match_documents(match, "shengji", random.Random(seed), 2_000, ("deal", "play"))
    assert {"deal", "bid", "bury", "play", "over"} <= seen


def test_the_match_schemas_tie_fields_to_the_phase() -> None:
    """What a phase fixes is refused in a document that claims it falsely: a match still in
    play called over (a seat to act, no result), a deal with a play state, a view of the
    tribute phase without the tribute."""
    siyaosi_match = siyaosi.Match.new("classic", seed=1)
    shengji_match = shengji.Match.new("four-deck", seed=1)
    played = siyaosi_match.view(0).to_json()
    doubtful: list[tuple[str, JSON]] = [
        ("siyaosi.match", siyaosi_match.to_json() | {"phase": "over"}),
        ("siyaosi.match-view", played | {"phase": "over"}),
        ("siyaosi.match-view", played | {"phase": "tribute"}),
        ("shengji.match", shengji_match.to_json() | {"phase": "play"}),
        ("shengji.match-view", shengji_match.view(0).to_json() | {"phase": "over"}),
    ]
    for name, doc in doubtful:
        assert not _validator(name).is_valid(doc), name


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
