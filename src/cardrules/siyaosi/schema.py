"""The JSON Schemas of 四幺四's documents (see :mod:`cardrules.schema`)."""

from __future__ import annotations

from cardrules.jsonio import JSON, JSONObject
from cardrules.schema import (
    CARDS,
    COUNT,
    RANK,
    SEAT,
    array,
    document_schema,
    event_log_schema,
    move_fields,
    named,
    nullable,
    obj,
    position_schema,
    record_fields,
    ruling_schema,
    variant_schema,
)
from cardrules.siyaosi.events import EVENTS
from cardrules.siyaosi.keys import POSITION_KEYS
from cardrules.siyaosi.moves import MoveKind
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.variant import Variant

__all__ = ["schemas"]


def schemas() -> dict[str, JSONObject]:
    """Every 四幺四 document schema, by name."""
    variant = variant_schema(Variant)
    seats: JSONObject = {"type": "array", "items": SEAT}
    table: dict[str, JSON] = {
        "variant": variant,
        "levels": array(RANK, exactly=2),
        "ruling": nullable({"enum": [0, 1]}),
    }
    trick: dict[str, JSON] = {
        "out": seats,
        "leader": SEAT,
        "trick": array(obj(move_fields(MoveKind))),
        "top": nullable(CARDS),
        "turn": nullable(SEAT),
        "passes": COUNT,
    }
    hands: dict[str, JSON] = {"hands": array(CARDS)}
    state = document_schema("siyaosi", "state", "a 四幺四 play-phase state", table | hands | trick)
    seen: dict[str, JSON] = {
        "seat": SEAT,
        "hand": CARDS,
        "hand_sizes": array(COUNT),
        "announced": seats,
    }
    view = document_schema("siyaosi", "view", "what one 四幺四 seat may know", table | seen | trick)
    return {
        "siyaosi.variant": named("siyaosi.variant", "a 四幺四 variant table", variant),
        "siyaosi.move": document_schema("siyaosi", "move", "a 四幺四 move", move_fields(MoveKind)),
        "siyaosi.state": state,
        "siyaosi.view": view,
        "siyaosi.result": document_schema(
            "siyaosi", "result", "how a 四幺四 round ended", record_fields(RoundResult, {})
        ),
        "siyaosi.events": event_log_schema("siyaosi", EVENTS),
        "siyaosi.ruling": ruling_schema("siyaosi", state),
        "siyaosi.position": position_schema("siyaosi", sorted(POSITION_KEYS)),
    }
