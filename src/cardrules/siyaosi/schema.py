"""The JSON Schemas of 四幺四's documents (see :mod:`cardrules.schema`)."""

from __future__ import annotations

from cardrules.jsonio import JSON, JSONObject
from cardrules.multiset import Cards
from cardrules.schema import (
    CARDS,
    COUNT,
    HISTORY_KEYS,
    NULL,
    OBJECT,
    RANK,
    SEAT,
    SEED,
    TEAM,
    TRACKER,
    array,
    by_phase,
    document_schema,
    embedded,
    event_log_schema,
    move_fields,
    named,
    nullable,
    obj,
    optional,
    position_schema,
    record_fields,
    ruling_schema,
    variant_schema,
    without,
)
from cardrules.siyaosi.events import EVENTS
from cardrules.siyaosi.keys import POSITION_KEYS
from cardrules.siyaosi.match.phases import Phase
from cardrules.siyaosi.match.record import MAX_ROUNDS
from cardrules.siyaosi.moves import MoveKind
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.tribute import Step
from cardrules.siyaosi.variant import Variant

__all__ = ["schemas"]


def _position_keys() -> dict[str, JSON]:
    """The match keys of a position, each with its schema, 4A4-MATCH-3 (Match positions and
    records)."""
    keys: dict[str, JSON] = {
        "seed": SEED,
        "round": {"type": "integer", "minimum": 1},
        "score": array({"type": "integer"}, exactly=2),
        "last_finish": {"type": "array", "items": SEAT},
    }
    assert keys.keys() == POSITION_KEYS
    return keys


def schemas() -> dict[str, JSONObject]:
    """Every 四幺四 document schema, by name."""
    variant = variant_schema(Variant)
    seats: JSONObject = {"type": "array", "items": SEAT}
    levels = array(RANK, exactly=2)
    moves = array(obj(move_fields(MoveKind)))
    table: dict[str, JSON] = {"variant": variant, "levels": levels, "ruling": nullable(TEAM)}
    trick: dict[str, JSON] = {
        "out": seats,
        "leader": SEAT,
        "trick": moves,
        "played": array(CARDS),
        "top": nullable(CARDS),
        "turn": nullable(SEAT),
        "passes": COUNT,
    }
    hands: dict[str, JSON] = {"hands": array(CARDS)}
    state = document_schema("siyaosi", "state", "a 四幺四 play-phase state", table | hands | trick)
    state = optional(state, *HISTORY_KEYS)
    seen: dict[str, JSON] = {
        "seat": SEAT,
        "hand": CARDS,
        "hand_sizes": array(COUNT),
        "announced": seats,
    }
    view_body = table | seen | trick | {"tracker": TRACKER}
    view = document_schema("siyaosi", "view", "what one 四幺四 seat may know", view_body)
    view = optional(view, *HISTORY_KEYS)
    round_result = record_fields(RoundResult, {})
    out: dict[str, JSONObject] = {
        "siyaosi.variant": named("siyaosi.variant", "a 四幺四 variant table", variant),
        "siyaosi.move": document_schema("siyaosi", "move", "a 四幺四 move", move_fields(MoveKind)),
        "siyaosi.state": state,
        "siyaosi.view": view,
        "siyaosi.result": document_schema(
            "siyaosi", "result", "how a 四幺四 round ended", round_result
        ),
        "siyaosi.events": event_log_schema("siyaosi", EVENTS),
        "siyaosi.position": position_schema("siyaosi", _position_keys()),
        **_match_schemas(table, moves, without(embedded(view), "variant"), obj(round_result)),
    }
    out["siyaosi.ruling"] = ruling_schema(
        "siyaosi",
        state,
        out["siyaosi.match"],
        out["siyaosi.view"],
        out["siyaosi.match-view"],
        events=out["siyaosi.events"],
        round_result=_round_ruling(levels),
    )
    return out


def _round_ruling(levels: JSONObject) -> JSONObject:
    """What a 四幺四 ``round`` case's ruling computes (``cardrules.siyaosi.adapter``): the
    standing after the round, and the next round's tributes and leader when they can be known."""
    result = obj(
        {
            "levels": levels,
            "ruling": TEAM,
            "score": array({"type": "integer"}, exactly=2),
            "winner": {"enum": [-1, 0, 1]},
            "tributes": array({"type": "string"}),
            "leader": {"type": "integer", "minimum": -1},
        }
    )
    result["required"] = ["levels", "ruling", "score", "winner"]
    return result


def _match_schemas(
    table: dict[str, JSON], moves: JSONObject, play_view: JSONObject, round_result: JSONObject
) -> dict[str, JSONObject]:
    """A match (:meth:`cardrules.siyaosi.Match.to_json`), a seat's view of it
    (:meth:`cardrules.siyaosi.MatchView.to_json`) and a won match's result, 4A4-MATCH-3 (Match
    positions and records), 4A4-MATCH-4 (What a seat sees in a match)."""
    variant, levels = table["variant"], table["levels"]
    rounds: JSONObject = {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS}
    score = array({"type": "integer"}, exactly=2)
    result_body: dict[str, JSON] = {
        "winner": TEAM,
        "rounds": rounds,
        "levels": levels,
        "score": score,
        "last": round_result,
    }
    result = obj(result_body)
    standing: dict[str, JSON] = {"levels": levels, "ruling": table["ruling"], "score": score}
    now: dict[str, JSON] = {"phase": {"enum": [p.value for p in Phase]}, "turn": nullable(SEAT)}
    match_body: dict[str, JSON] = {
        "variant": variant,
        "seed": SEED,
        "round": rounds,
        **standing,
        "last_finish": array(SEAT),
        "deal": array(CARDS),
        "opening": nullable(obj({"leader": SEAT, "out": array(SEAT)})),
        "exchange": moves,
        "moves": moves,
        **now,
        "result": nullable(result),
    }
    match = document_schema("siyaosi", "match", "a 四幺四 match", match_body)
    # the play moves wait for the tribute; a won match has a result and nobody to act
    match |= by_phase(
        {
            Phase.TRIBUTE: {
                "turn": SEAT,
                "opening": NULL,
                "moves": {"maxItems": 0},
                "result": NULL,
            },
            Phase.PLAY: {"turn": SEAT, "result": NULL},
            Phase.OVER: {"turn": NULL, "result": OBJECT},
        }
    )
    # the tribute phase as a seat sees it (match.documents.exchange_json): open while it lasts, done
    # (nobody to act) in the play that follows
    pair = {"payer": SEAT, "receiver": SEAT}
    tribute_body: dict[str, JSON] = {
        "payers": array(SEAT),
        "receivers": array(SEAT),
        "step": {"enum": [s.value for s in Step]},
        "turn": nullable(SEAT),
        "rebel": nullable(SEAT),
        "suppressor": nullable(SEAT),
        "revealed": array(obj({"seat": SEAT, "cards": {"const": str(Cards.parse("SJ BJ"))}})),
        "paid": array(obj({"seat": SEAT, "cards": CARDS})),
        "taken": array(obj({**pair, "cards": CARDS})),
        "returned": array(obj({**pair, "cards": nullable(CARDS)})),  # null: not this seat's
    }
    open_steps: list[JSON] = [s.value for s in Step if s is not Step.DONE]
    tribute_open = OBJECT | {"properties": {"step": {"enum": open_steps}, "turn": SEAT}}
    tribute_done = OBJECT | {"properties": {"step": {"const": Step.DONE.value}, "turn": NULL}}
    view_body: dict[str, JSON] = {
        "seat": SEAT,
        "variant": variant,
        "round": rounds,
        **standing,
        "last_finish": array(SEAT),  # what the tribute phase follows from
        **now,
        "hand": CARDS,
        "hand_sizes": array(COUNT),
        "tribute": nullable(obj(tribute_body)),
        "play": nullable(play_view),  # the seat's play view, a document without the variant
        "result": nullable(result),
        "tracker": TRACKER,
    }
    view = document_schema(
        "siyaosi", "match-view", "what one 四幺四 seat may know of a match", view_body
    )
    view = optional(view, "tracker")
    view |= by_phase(
        {
            Phase.TRIBUTE: {"turn": SEAT, "tribute": tribute_open, "play": NULL, "result": NULL},
            Phase.PLAY: {"turn": SEAT, "tribute": nullable(tribute_done), "play": OBJECT,
                         "result": NULL},
            Phase.OVER: {"turn": NULL, "tribute": nullable(tribute_done), "play": OBJECT,
                         "result": OBJECT},
        }
    )  # fmt: skip
    return {
        "siyaosi.match": match,
        "siyaosi.match-view": view,
        "siyaosi.match-result": document_schema(
            "siyaosi", "match-result", "a won 四幺四 match", result_body
        ),
    }
