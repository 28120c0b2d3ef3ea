"""JSON Schemas (draft 2020-12) of every document the library writes.

Each game names its documents (``siyaosi.state``, ``shengji.view``, ``siyaosi.events`` …) in its
``schema`` module; the core adds the game-independent ones (``position``). Schemas are built
from the code's own declarations where it has them — a variant's switches, a move's kinds, an
event's fields — and say exactly what the writers write (``additionalProperties`` is false
throughout), so a test validating every written document against them keeps the two in step.
``cardrules schema NAME`` prints one; the JSON files under ``cardrules/schemas/`` are the same,
written by ``python -m cardrules.schema`` and checked by the tests.

A schema describes the canonical form the library writes (card notation in upper case, one
space between cards); the readers accept every documented spelling and check far more than a
schema can say (that a state could exist).
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping, Sequence
from enum import StrEnum
from importlib.resources import files
from pathlib import Path
from typing import Union, get_args, get_origin

import attrs

from cardrules.cards import Rank, Suit
from cardrules.errors import CardrulesError, did_you_mean
from cardrules.events import Event, optional_fields
from cardrules.jsonio import FORMAT, JSON, JSONObject
from cardrules.limits import MAX_MOVE_TEXT, MAX_NAME_CHARS
from cardrules.move import MAX_SEAT
from cardrules.multiset import Cards
from cardrules.registry import all_games
from cardrules.variant import Switch, VariantBase, switches_of

__all__ = [
    "CARDS",
    "COUNT",
    "NULL",
    "OBJECT",
    "RANK",
    "SEAT",
    "SEED",
    "SUIT",
    "TEAM",
    "array",
    "by_phase",
    "document_schema",
    "embedded",
    "event_log_schema",
    "legal_moves_schema",
    "move_fields",
    "named",
    "nullable",
    "obj",
    "position_schema",
    "record_fields",
    "record_schema",
    "ruling_schema",
    "schema_names",
    "schema_of",
    "simulation_schema",
    "variant_schema",
    "without",
]

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_CARD = "(?:10|[2-9JQKA])[SHCD]|SJ|BJ"
#: Card notation as the library writes it: canonical tokens, one space apart ("" for none).
CARDS: JSONObject = {"type": "string", "pattern": f"^(?:(?:{_CARD})(?: (?:{_CARD}))*)?$"}
#: A seat number.
SEAT: JSONObject = {"type": "integer", "minimum": 0, "maximum": MAX_SEAT}
#: A level rank, 2 … A.
RANK: JSONObject = {"enum": [r.text for r in Rank if not r.is_joker]}
#: A suit letter.
SUIT: JSONObject = {"enum": ["S", "H", "C", "D"]}
#: A count: an integer from 0.
COUNT: JSONObject = {"type": "integer", "minimum": 0}
#: A team: 0 (seats 0, 2, …) or 1.
TEAM: JSONObject = {"enum": [0, 1]}
#: A deal or match seed, 0 … 2⁶⁴−1.
SEED: JSONObject = {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}
#: ``null``.
NULL: JSONObject = {"type": "null"}
#: Any object (where :func:`by_phase` says only that a field is not ``null``).
OBJECT: JSONObject = {"type": "object"}


def nullable(schema: JSONObject) -> JSONObject:
    """``schema`` or ``null``."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: JSON, *, exactly: int | None = None) -> JSONObject:
    """An array of ``items``; of exactly ``exactly`` entries when it is given."""
    out: JSONObject = {"type": "array", "items": items}
    if exactly is not None:
        out["minItems"] = exactly
        out["maxItems"] = exactly
    return out


def obj(properties: Mapping[str, JSON]) -> JSONObject:
    """An object with exactly these properties (all required, no others)."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(properties),
        "additionalProperties": False,
    }


def optional(schema: JSONObject, *keys: str) -> JSONObject:
    """``schema`` (an :func:`obj`) with ``keys`` no longer required: fields a reader takes as
    missing (the history of a position whose past is not given)."""
    required = schema["required"]
    assert isinstance(required, list)
    return schema | {"required": [k for k in required if k not in keys]}


#: The suit groups a Shengji tracker names a void by (四幺四's are always empty).
VOID: JSONObject = {"enum": ["S", "H", "C", "D", "trump"]}
#: A seat's card tracker, CORE-VIEW-2 (The card tracker): :meth:`cardrules.tracker.Tracker.to_json`.
TRACKER: JSONObject = obj(
    {
        "played": array(CARDS),
        "shown": array(CARDS),
        "voids": array(array(VOID)),
        "set_aside": CARDS,
        "unseen": CARDS,
    }
)
#: The keys a reader takes as missing in a play state or view (nothing known of the past).
HISTORY_KEYS = ("played", "voids", "tracker")


def named(name: str, title: str, schema: JSONObject) -> JSONObject:
    """``schema`` as a top-level schema: the draft, an id from its ``name``, a title."""
    return {
        "$schema": DRAFT,
        "$id": f"urn:cardrules:schema:{name}:{FORMAT}",
        "title": title,
        **schema,
    }


def document_schema(game: str, kind: str, title: str, body: Mapping[str, JSON]) -> JSONObject:
    """A document: the envelope (``format``, ``game``, ``type``) and its body."""
    envelope: dict[str, JSON] = {
        "format": {"const": FORMAT},
        "game": {"const": game},
        "type": {"const": kind},
    }
    return named(f"{game}.{kind}", title, obj({**envelope, **body}))


def embedded(schema: JSONObject) -> JSONObject:
    """A top-level schema as a part of another (a document written inside a document): without
    its draft and id."""
    return {k: v for k, v in schema.items() if k not in ("$schema", "$id")}


def without(schema: JSONObject, *keys: str) -> JSONObject:
    """An object schema (:func:`obj`, or an :func:`embedded` document) without some of its
    properties: a view document written inside a match view's, which carries the variant
    once."""
    properties = schema["properties"]
    required = schema["required"]
    assert isinstance(properties, dict) and isinstance(required, list)
    out = dict(schema)
    out["properties"] = {k: v for k, v in properties.items() if k not in keys}
    out["required"] = [k for k in required if k not in keys]
    return out


def by_phase(phases: Mapping[str, Mapping[str, JSON]], key: str = "phase") -> JSONObject:
    """What a document's phase says of its other fields, to add to its :func:`obj`: for each
    value of ``key``, the narrower schemas some fields follow in that phase (a field that is
    ``null`` or empty there, or never ``null``) — on top of the field's own schema, so an object
    needs only :data:`OBJECT` there, not its whole schema again."""
    return {
        "allOf": [
            {
                "if": {"properties": {key: {"const": str(phase)}}, "required": [key]},
                "then": {"properties": dict(fields)},
            }
            for phase, fields in phases.items()
        ]
    }


# ---------------------------------------------------------------------- from declarations
def _switch_schema(sw: Switch) -> JSONObject:
    if sw.kind == "bool":
        return {"type": "boolean"}
    if sw.kind == "int":
        out: JSONObject = {"type": "integer"}
        if sw.choices:
            out["enum"] = [c for c in sw.choices if isinstance(c, int)]
        if sw.minimum is not None:
            out["minimum"] = sw.minimum
        if sw.maximum is not None:
            out["maximum"] = sw.maximum
        return out
    if sw.kind in ("enum", "rank", "str"):
        if sw.choices:
            return {"enum": [str(sw.plain(c)) for c in sw.choices]}
        return {"type": "string"}
    if sw.kind == "list":
        item: JSONObject = (
            {"enum": [str(c) for c in sw.choices]} if sw.choices else {"type": "string"}
        )
        return {"type": "array", "items": item}
    value: JSONObject = {"type": "integer"}
    if sw.minimum is not None:
        value["minimum"] = sw.minimum
    if sw.maximum is not None:
        value["maximum"] = sw.maximum
    if sw.kind == "pairs":  # one number per team
        value = array(value, exactly=2)
    table: JSONObject = {"type": "object", "additionalProperties": value}
    if sw.keys:
        table["propertyNames"] = {"enum": list(sw.keys)}
    return table


def variant_schema(cls: type[VariantBase]) -> JSONObject:
    """A fully resolved variant table of a game (as states and views carry it)."""
    body: dict[str, JSON] = {
        "game": {"const": cls.game},
        "name": {"type": "string", "maxLength": MAX_NAME_CHARS},
        "description": {"type": "string"},
    }
    for f in switches_of(cls):
        body[f.name] = _switch_schema(f.metadata["switch"])
    return obj(body)


def move_fields(kinds: type[StrEnum]) -> dict[str, JSON]:
    """The fields of a move (a fragment inside a trick or a record, and the body of a move
    document)."""
    return {"seat": SEAT, "kind": {"enum": [k.value for k in kinds]}, "cards": CARDS}


def _type_schema(tp: object, defs: dict[str, JSON]) -> JSON:
    """The schema of a field of an event or record, from its type."""
    if tp is int:
        return {"type": "integer"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is str:
        return {"type": "string"}
    if tp is Cards:
        return CARDS
    if tp is Rank:  # every rank a record holds is a level (a team's, a round's)
        return RANK
    if tp is Suit:
        return SUIT
    if isinstance(tp, type) and issubclass(tp, StrEnum):
        return {"enum": [m.value for m in tp]}
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(tp) if a is not type(None)]
        inner = _type_schema(options[0], defs) if len(options) == 1 else {}
        return nullable(inner) if isinstance(inner, dict) else inner
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return array(_type_schema(args[0], defs))
        if len(set(args)) == 1:  # a pair of one type (the teams' levels or points)
            return array(_type_schema(args[0], defs), exactly=len(args))
    if isinstance(tp, type) and attrs.has(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder against recursion
            defs[name] = obj(record_fields(tp, defs))
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON schema for the type {tp!r}")  # pragma: no cover - a new field type


def record_fields(cls: type[object], defs: dict[str, JSON]) -> dict[str, JSON]:
    """The fields of a flat attrs record (an event, a result), from their types; the schemas of
    nested records go into ``defs``."""
    hints = typing.get_type_hints(cls)
    return {f.name: _type_schema(hints[f.name], defs) for f in attrs.fields(cls)}  # type: ignore[arg-type]


def _event_schema(cls: type[Event], defs: dict[str, JSON]) -> JSONObject:
    """One event: its name and fields; an optional one is written only when set (so never
    ``null``) and is not required."""
    optional = optional_fields(cls)
    fields = record_fields(cls, defs)
    for name in optional:
        field = fields[name]
        options = field.get("anyOf") if isinstance(field, dict) else None
        if isinstance(options, list):
            fields[name] = next(s for s in options if s != NULL)
    schema = obj({"event": {"const": cls.NAME}, **fields})
    required = schema["required"]
    assert isinstance(required, list)
    schema["required"] = [name for name in required if name not in optional]
    return schema


def event_log_schema(game: str, classes: Sequence[type[Event]]) -> JSONObject:
    """An event log of a game: each event an object named by its ``event``."""
    defs: dict[str, JSON] = {}
    options: list[JSON] = [_event_schema(cls, defs) for cls in classes]
    body: dict[str, JSON] = {"events": array({"oneOf": options})}
    schema = document_schema(game, "events", f"a {game} event log", body)
    if defs:
        schema["$defs"] = defs
    return schema


def legal_moves_schema() -> JSONObject:
    """The JSON Schema of :meth:`~cardrules.legal.Description.to_json`'s document
    (``cardrules schema legal-moves``)."""
    text: JSONObject = {"type": "string", "maxLength": 64}
    piece = obj(
        {
            "name": text,
            "width": {"type": "integer", "minimum": 1},
            "length": {"type": "integer", "minimum": 1},
            "count": COUNT,
            "options": array(CARDS),
        }
    )
    choice = obj(
        {
            "seat": SEAT,
            "kind": text,
            "required": CARDS,
            "pool": CARDS,
            "least": COUNT,
            "most": COUNT,
            "pieces": array(piece),
            "count": nullable(COUNT),
            "clause": text,
        }
    )
    body = obj(
        {
            "format": {"const": 1},
            "game": {"type": "string", "maxLength": 32},
            "type": {"const": "legal-moves"},
            "count": nullable(COUNT),
            "listable": {"type": "boolean"},
            "moves": array({"type": "string", "maxLength": MAX_MOVE_TEXT}),
            "choices": array(choice),
        }
    )
    return named("legal-moves", "the legal moves of a seat, described: moves and families", body)


# ---------------------------------------------------------------------- the registry of schemas
def _core_schemas() -> dict[str, JSONObject]:
    return {"legal-moves": legal_moves_schema()}


def record_schema(game: str, variant: JSONObject) -> JSONObject:
    """A game record (:mod:`cardrules.records`) in its JSON form, or as the JSON its TOML reads
    into: the variant written whole (or a preset's name), the moves in the notation, the result
    document (an object; JSON text in TOML, which has no null), comments by move number."""
    body: dict[str, JSON] = {
        "format": {"const": FORMAT},
        "game": {"const": game},
        "seed": SEED,
        "variant": {"anyOf": [variant, {"type": "string", "maxLength": 1024}]},
        "moves": {"type": "array", "items": {"type": "string", "maxLength": MAX_MOVE_TEXT}},
        "result": {"anyOf": [{"type": "object"}, {"type": "string"}]},
        "comments": {
            "type": "object",
            "patternProperties": {"^[0-9]+$": {"type": "string"}},
            "additionalProperties": False,
        },
    }
    schema: JSONObject = {
        "type": "object",
        "properties": body,
        "required": ["format", "game", "seed", "variant"],
        "additionalProperties": False,
    }
    return named(f"{game}.record", f"a {game} game record (JSON, or its TOML read as JSON)", schema)


def simulation_schema(game: str) -> JSONObject:
    """What ``cardrules simulate --json`` writes (:class:`cardrules.simulate.Simulation`)."""
    number: JSONObject = {"type": "number"}
    measure = obj(
        {
            "per": {"enum": ["game", "round"]},
            "n": {"type": "integer", "minimum": 1},
            **{k: number for k in ("mean", "sd", "low", "high", "p10", "p50", "p90")},
            "rate": {"type": "boolean"},
        }
    )
    measures: JSONObject = {"type": "object", "additionalProperties": measure}
    difference = obj(
        {**{k: number for k in ("difference", "low", "high")}, "clear": {"type": "boolean"}}
    )
    name: JSONObject = {"type": "string", "maxLength": MAX_NAME_CHARS}
    interval = obj({k: number for k in ("estimate", "low", "high")})
    duel = obj(
        {
            "a": {"type": "string"},
            "b": {"type": "string"},
            "deals": {"type": "integer", "minimum": 1},
            "win_rate": interval,
            "margin": obj(
                {**{k: number for k in ("estimate", "low", "high")}, "unit": {"type": "string"}}
            ),
            "rounds": obj(
                {"n": {"type": "integer", "minimum": 0}, "win_rate": interval, "margin": interval}
            ),
            "decisions_per_second": number,
        }
    )
    nullable_duel: JSONObject = {"anyOf": [duel, {"type": "null"}]}
    return document_schema(
        game,
        "simulation",
        f"the figures of a {game} simulation between bots",
        {
            "seed": {"type": "integer", "minimum": 0},
            "bot": {"type": "string"},
            "games": {"type": "integer", "minimum": 1},
            "variants": {
                "type": "array",
                "minItems": 1,
                "items": obj({"name": name, "measures": measures, "duel": nullable_duel}),
            },
            "bots": {
                "anyOf": [
                    {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
                    {"type": "null"},
                ]
            },
            "rounds": {"type": "boolean"},
            "comparisons": array(
                obj(
                    {
                        "a": name,
                        "b": name,
                        "measures": {"type": "object", "additionalProperties": difference},
                    }
                )
            ),
        },
    )


def _all() -> dict[str, JSONObject]:
    out = _core_schemas()
    for game in all_games():
        out.update(game.schemas())
        variant = variant_schema(game.variant_class)
        out[f"{game.name}.record"] = record_schema(game.name, variant)
        out[f"{game.name}.simulation"] = simulation_schema(game.name)
    return dict(sorted(out.items()))


def schema_names() -> list[str]:
    """The names of every schema (``siyaosi.state``, ``shengji.view`` …)."""
    return list(_all())


def schema_of(name: str) -> JSONObject:
    """The schema called ``name``; a :class:`CardrulesError` names the ones there are."""
    schemas = _all()
    if name not in schemas:
        raise CardrulesError(
            f"no schema {name!r:.40}{did_you_mean(name, schemas)}", code="unknown-schema"
        )
    return schemas[name]


def shipped_dir() -> Path:
    """The folder of the schema files shipped in the package."""
    return Path(str(files("cardrules") / "schemas"))


def write_files(folder: Path | None = None) -> list[Path]:
    """Write every schema as ``<name>.json`` (what ``python -m cardrules.schema`` does)."""
    folder = folder or shipped_dir()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in _all().items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(schema, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    for path in write_files():
        print("wrote", path)


def position_schema(game: str, own_keys: Mapping[str, JSON]) -> JSONObject:
    """A ``[position]`` table of the case-file contract (as JSON), with the game's own keys (each
    with its schema)."""
    body: dict[str, JSON] = {
        "game": {"const": game},
        "variant": {"type": "string", "maxLength": 1024},
        "overrides": {"type": "object"},
        "hands": {"type": "array", "items": CARDS},
        "levels": array(RANK, exactly=2),
        "ruling": {"enum": [0, 1]},
        "trump": {"enum": ["S", "H", "C", "D", "none"]},
        "banker": SEAT,
        "kitty": CARDS,
        "points": array(COUNT, exactly=2),
        "leader": SEAT,
        "phase": {"type": "string", "maxLength": MAX_NAME_CHARS},
        "out": {"type": "array", "items": SEAT},
        **own_keys,
    }
    schema: JSONObject = {
        "type": "object",
        "properties": body,
        "required": ["game", "variant"],
        "additionalProperties": False,
    }
    return named(f"{game}.position", f"a {game} position (a case file's [position])", schema)


def ruling_schema(
    game: str,
    *states: JSONObject,
    events: JSONObject | None = None,
    round_result: JSONObject | None = None,
) -> JSONObject:
    """A judge's ruling on a case of ``game`` (:mod:`cardrules.judge`), one branch per kind:
    ``play`` (the state after it is one of ``states``: a play state's or a match's document, or
    its view's for a ruling from a seat's view; what it did are events of the ``events`` log
    schema), ``classify``, ``beats``, ``round`` (its
    ``result`` follows ``round_result``), ``variant``, and the error entry of a case that could
    not be ruled on. Every branch has the envelope, ``kind``, ``case`` and ``clauses``."""
    text: JSONObject = {"type": "string"}
    ids: JSONObject = {"type": "array", "items": text}
    event, defs = _event_items(events)

    def branch(kind: JSON, body: Mapping[str, JSON]) -> JSONObject:
        envelope: dict[str, JSON] = {
            "format": {"const": FORMAT},
            "game": {"const": game},
            "type": {"const": "ruling"},
            "kind": kind,
            "case": nullable(text),
        }
        return obj({**envelope, **body, "clauses": ids})

    table = obj(
        {
            "variant": {"type": "string", "maxLength": MAX_NAME_CHARS},
            "hands": array(nullable(CARDS)),
            "hand_sizes": array(COUNT),
            "turn": nullable(SEAT),
            "trick": ids,
            "top": nullable(obj({"seat": SEAT, "cards": CARDS})),
        }
    )
    state: JSONObject = {"anyOf": [embedded(s) for s in states]} if states else OBJECT
    error: JSONObject = {
        "type": "object",
        "properties": {"error": text, "message": text},
        "required": ["error", "message"],
    }
    kinds: list[JSON] = ["classify", "beats", "play", "round", "variant"]
    branches: list[JSON] = [
        branch(
            {"const": "play"},
            {
                "answer": {"enum": ["legal", "illegal"]},
                "move": text,
                "at": COUNT,
                "code": text,
                "reason": text,
                "events": array(obj({"text": text, "event": event})),
                "table": nullable(table),
                "view": nullable(SEAT),
                "state": nullable(state),
            },
        ),
        branch({"const": "classify"}, {"answer": text, "cards": text}),
        branch({"const": "beats"}, {"answer": {"type": "boolean"}, "top": text, "play": text}),
        branch({"const": "round"}, {"result": round_result or OBJECT}),
        branch(
            {"const": "variant"},
            {
                "answer": {"enum": ["playable", "refused"]},
                "variant": text,
                "overrides": OBJECT,
                "name": nullable(text),
                "refusal": nullable(error),
                "keys": ids,
            },
        ),
        branch({"enum": kinds}, {"error": error}),
    ]
    title = f"a judge's ruling on a {game} case, or why it could not rule"
    schema = named(f"{game}.ruling", title, {"oneOf": branches})
    if defs:
        schema["$defs"] = defs
    return schema


def _event_items(events: JSONObject | None) -> tuple[JSON, dict[str, JSON]]:
    """The schema of one event of an event log schema (:func:`event_log_schema`) and the
    definitions it refers to (``OBJECT`` and none without one)."""
    if events is None:
        return OBJECT, {}
    body = events.get("properties")
    log = body.get("events") if isinstance(body, dict) else None
    item = log.get("items") if isinstance(log, dict) else None
    defs = events.get("$defs")
    return (OBJECT if item is None else item), (dict(defs) if isinstance(defs, dict) else {})
