"""The JSON Schemas of Shengji's documents (see :mod:`cardrules.schema`)."""

from __future__ import annotations

from cardrules.jsonio import JSON, JSONObject
from cardrules.schema import (
    CARDS,
    COUNT,
    RANK,
    SEAT,
    SUIT,
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
from cardrules.shengji.events import EVENTS
from cardrules.shengji.keys import POSITION_KEYS
from cardrules.shengji.moves import MoveKind
from cardrules.shengji.scoring import KittyBonus, RoundResult
from cardrules.shengji.variant import Variant

__all__ = ["schemas"]


def schemas() -> dict[str, JSONObject]:
    """Every Shengji document schema, by name."""
    variant = variant_schema(Variant)
    plays = array(obj(move_fields(MoveKind)))
    bonus_defs: dict[str, JSON] = {}
    bonus = obj(record_fields(KittyBonus, bonus_defs))
    table: dict[str, JSON] = {
        "variant": variant,
        "levels": array(RANK, exactly=2),
        "trump": nullable(SUIT),
        "banker": SEAT,
    }
    play: dict[str, JSON] = {
        "points": array(COUNT, exactly=2),
        "leader": SEAT,
        "trick": plays,
    }
    history: dict[str, JSON] = {
        "tricks_played": COUNT,
        "last_trick": plays,
        "penalties": array(COUNT),
    }
    derived: dict[str, JSON] = {
        "turn": nullable(SEAT),
        "winning_seat": nullable(SEAT),
        "last_winner": nullable(SEAT),
    }
    state_body: dict[str, JSON] = {
        **table,
        "hands": array(CARDS),
        "kitty": CARDS,
        **play,
        "failed_throw": nullable(CARDS),
        **history,
        "taken": array(CARDS, exactly=2),
        **derived,
        "kitty_bonus": nullable(bonus),
    }
    state = document_schema("shengji", "state", "a Shengji play-phase state", state_body)
    view_body: dict[str, JSON] = {
        "seat": SEAT,
        **table,
        "hand": CARDS,
        "hand_sizes": array(COUNT),
        **play,
        "throw_failed": {"type": "boolean"},
        **history,
        "kitty_size": COUNT,
        "kitty": nullable(CARDS),
        **derived,
    }
    view = document_schema("shengji", "view", "what one Shengji seat may see", view_body)
    result_defs: dict[str, JSON] = {}
    result = document_schema(
        "shengji", "result", "a Shengji round's points", record_fields(RoundResult, result_defs)
    )
    if result_defs:
        result["$defs"] = result_defs
    return {
        "shengji.variant": named("shengji.variant", "a Shengji variant table", variant),
        "shengji.move": document_schema("shengji", "move", "a Shengji move", move_fields(MoveKind)),
        "shengji.state": state,
        "shengji.view": view,
        "shengji.result": result,
        "shengji.events": event_log_schema("shengji", EVENTS),
        "shengji.ruling": ruling_schema("shengji", state),
        "shengji.position": position_schema("shengji", sorted(POSITION_KEYS)),
    }
