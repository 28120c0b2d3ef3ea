"""The JSON Schemas of Shengji's documents (see :mod:`cardrules.schema`)."""

from __future__ import annotations

from cardrules.jsonio import JSON, JSONObject
from cardrules.limits import MAX_MOVE_TEXT
from cardrules.schema import (
    CARDS,
    COUNT,
    HISTORY_KEYS,
    NULL,
    OBJECT,
    RANK,
    SEAT,
    SEED,
    SUIT,
    TEAM,
    TRACKER,
    VOID,
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
from cardrules.shengji.events import EVENTS
from cardrules.shengji.keys import POSITION_KEYS
from cardrules.shengji.levels import Settlement
from cardrules.shengji.match.phases import MAX_REDEALS, Phase
from cardrules.shengji.moves import MoveKind
from cardrules.shengji.result import RoundResult
from cardrules.shengji.scoring import KittyBonus
from cardrules.shengji.variant import Variant

__all__ = ["schemas"]


def _position_keys() -> dict[str, JSON]:
    """The match keys of a position, each with its schema, SJ-MATCH-4 (What a match shows and
    saves)."""
    keys: dict[str, JSON] = {
        "round": {"type": "integer", "minimum": 1},
        "redeals": {"type": "integer", "minimum": 0, "maximum": MAX_REDEALS},
        "seed": SEED,
        "scores": {"type": "array", "items": {"type": "integer"}},
        "dealt_first": SEAT,
        "stock": CARDS,
        "bid": {"type": "string", "maxLength": MAX_MOVE_TEXT},
    }
    assert keys.keys() == POSITION_KEYS
    return keys


def schemas() -> dict[str, JSONObject]:
    """Every Shengji document schema, by name."""
    variant = variant_schema(Variant)
    plays = array(obj(move_fields(MoveKind)))
    bonus_defs: dict[str, JSON] = {}
    bonus = obj(record_fields(KittyBonus, bonus_defs))
    levels = array(RANK, exactly=2)
    table: dict[str, JSON] = {
        "variant": variant,
        "levels": levels,
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
        "throw_points": {"type": "integer"},
    }
    seen: dict[str, JSON] = {"played": array(CARDS), "voids": array(array(VOID))}
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
        **seen,
        **derived,
        "kitty_bonus": nullable(bonus),
    }
    state = document_schema("shengji", "state", "a Shengji play-phase state", state_body)
    state = optional(state, *HISTORY_KEYS)
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
        **seen,
        **derived,
        "tracker": TRACKER,
    }
    view = document_schema("shengji", "view", "what one Shengji seat may see", view_body)
    view = optional(view, *HISTORY_KEYS)
    result_defs: dict[str, JSON] = {}
    result = document_schema(
        "shengji", "result", "a Shengji round's points", record_fields(RoundResult, result_defs)
    )
    if result_defs:
        result["$defs"] = result_defs
    out: dict[str, JSONObject] = {
        "shengji.variant": named("shengji.variant", "a Shengji variant table", variant),
        "shengji.move": document_schema("shengji", "move", "a Shengji move", move_fields(MoveKind)),
        "shengji.state": state,
        "shengji.view": view,
        "shengji.result": result,
        "shengji.events": event_log_schema("shengji", EVENTS),
        "shengji.position": position_schema("shengji", _position_keys()),
        **_match_schemas(variant, levels, state, view),
    }
    out["shengji.ruling"] = ruling_schema(
        "shengji",
        state,
        out["shengji.match"],
        out["shengji.view"],
        out["shengji.match-view"],
        events=out["shengji.events"],
        round_result=obj(
            {
                "levels": levels,
                "banker": SEAT,
                "score": array({"type": "integer"}, exactly=2),
                "winner": {"enum": [-1, 0, 1]},
                "scores": array({"type": "integer"}),
            }
        ),
    )
    return out


#: A round's cards in order (the stock still to deal, the kitty turned up): the notation's
#: tokens one space apart, like :data:`~cardrules.schema.CARDS` but in dealing order.
_ORDERED = CARDS
_EMPTY: JSONObject = {"const": ""}
_ZERO: JSONObject = {"const": 0}
#: The phases before the trump is settled and the kitty taken.
_BIDDING = (Phase.DEAL, Phase.BID)


def _match_schemas(
    variant: JSONObject, levels: JSONObject, state: JSONObject, view: JSONObject
) -> dict[str, JSONObject]:
    """A match (:meth:`cardrules.shengji.Match.to_json`), a seat's view of it
    (:meth:`cardrules.shengji.MatchView.to_json`) and its standing (``result()``), SJ-MATCH-4
    (What a match shows and saves). The play state is written whole, as a document of its own;
    the play view as a view document without the variant, which the match view carries once."""
    settlement_defs: dict[str, JSON] = {}
    settlement = obj(record_fields(Settlement, settlement_defs))
    assert not settlement_defs  # a flat record: nothing to refer to
    bid_body: dict[str, JSON] = {
        "seat": SEAT,
        "cards": CARDS,
        "trump": nullable(SUIT),
        "named": {"type": "boolean"},
    }
    scores = array({"type": "integer", "minimum": -(10**9), "maximum": 10**9})
    rounds: JSONObject = {"type": "integer", "minimum": 1, "maximum": 10_000}
    head: dict[str, JSON] = {
        "variant": variant,
        "round": rounds,
        "redeals": {"type": "integer", "minimum": 0, "maximum": MAX_REDEALS},
        "levels": levels,
        "scores": scores,
        "banker": nullable(SEAT),
        "dealt_first": SEAT,
        "phase": {"enum": [p.value for p in Phase]},
    }
    circle: dict[str, JSON] = {
        "bid": nullable(obj(bid_body)),
        "trump": nullable(SUIT),
        "passes": COUNT,
        "to_ask": SEAT,
        "burier": nullable(SEAT),
        "flipped": _ORDERED,
    }
    tail: dict[str, JSON] = {
        "last": nullable(settlement),
        "winner": nullable(TEAM),
        "turn": nullable(SEAT),
    }
    # the match writes its play state whole; a match view its play view without the variant,
    # which it carries once
    play_state, play_view = embedded(state), without(embedded(view), "variant")
    match_body: dict[str, JSON] = {
        "variant": variant,
        "seed": SEED,
        **head,
        "hands": array(CARDS),
        "stock": _ORDERED,
        "kitty": CARDS,
        **circle,
        "play": nullable(play_state),
        **tail,
    }
    view_body: dict[str, JSON] = {
        "seat": SEAT,
        **head,
        "hand": CARDS,
        "hand_sizes": array(COUNT),
        "stock_size": COUNT,
        "kitty_size": COUNT,
        "kitty": nullable(CARDS),  # null: a kitty this seat has not held
        **circle,
        "play": nullable(play_view),
        **tail,
        "tracker": TRACKER,
    }
    # what each phase leaves empty or fixes (match_check's _quiet), alike in a match and a view
    named_bid: JSONObject = OBJECT | {"properties": {"named": {"const": True}}}
    before_play: dict[str, JSON] = {"play": NULL, "winner": NULL, "turn": SEAT}
    banked: dict[str, JSON] = {"banker": SEAT, "passes": _ZERO, "to_ask": _ZERO}
    dealing: dict[str, JSON] = {"trump": NULL, "burier": NULL, "flipped": _EMPTY, **before_play}
    common: dict[Phase, dict[str, JSON]] = {
        Phase.DEAL: {**dealing, "passes": _ZERO},
        Phase.BID: dealing,
        Phase.BURY: {**banked, "burier": SEAT, **before_play},
        Phase.FRY: {"banker": SEAT, "burier": SEAT, "bid": named_bid, "flipped": _EMPTY,
                    **before_play},
        Phase.PLAY: {**banked, "play": OBJECT, "winner": NULL, "turn": SEAT},
        Phase.OVER: {**banked, "play": OBJECT, "last": OBJECT, "turn": NULL},
    }  # fmt: skip
    # the match: no kitty before the bidding ends, no stock after it; a view: no kitty shown
    # before the bidding ends, nothing left to deal after it
    in_match = {p: {"kitty": _EMPTY} if p in _BIDDING else {"stock": _EMPTY} for p in Phase}
    in_view = {p: {"kitty": NULL} if p in _BIDDING else {"stock_size": _ZERO} for p in Phase}
    match = document_schema("shengji", "match", "a Shengji match", match_body)
    match |= by_phase({p: fields | in_match[p] for p, fields in common.items()})
    match_view = document_schema(
        "shengji", "match-view", "what one Shengji seat may see of a match", view_body
    )
    match_view = optional(match_view, "tracker")
    match_view |= by_phase({p: fields | in_view[p] for p, fields in common.items()})
    standing = document_schema(
        "shengji",
        "standing",
        "a Shengji match's standing (its result)",
        {
            "round": rounds,
            "over": {"type": "boolean"},
            "winner": nullable(TEAM),
            "levels": levels,
            "scores": scores,
            "last": nullable(settlement),
        },
    )
    return {"shengji.match": match, "shengji.match-view": match_view, "shengji.standing": standing}
