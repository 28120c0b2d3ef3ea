"""A match as a JSON document and back, SJ-MATCH-4 (What a match shows and saves):
``{"format": 1, "game": "shengji", "type": "match", …}``.

The writer puts down every field of the match (the play state as its own state document, the
stock and the flipped kitty in their order); the reader reads each field strictly (a
:class:`~cardrules.jsonio.Reader`) and hands them to the match's constructor, which checks that
the match could exist. ``turn`` follows from the other fields: it is written for readers' sake
and compared, never read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardrules.cards import Card
from cardrules.errors import CardrulesError, DocumentError
from cardrules.jsonio import JSONObject, Reader, read_record, record_json
from cardrules.multiset import Cards
from cardrules.shengji.bids import Bid
from cardrules.shengji.bounds import record_bounds
from cardrules.shengji.levels import Settlement
from cardrules.shengji.match.phases import MAX_REDEALS, Phase
from cardrules.shengji.state import State
from cardrules.shengji.variant import Variant
from cardrules.variant import read_variant

if TYPE_CHECKING:
    from cardrules.shengji.match.state import Match
    from cardrules.shengji.match.view import MatchView

__all__ = ["bid_json", "bidding_json", "match_body", "read_match_fields", "read_public_fields"]

_WHAT = "shengji match"


def match_body(m: Match) -> JSONObject:
    """The document body of a match (every field; ``turn`` is added by the caller)."""
    own: JSONObject = {
        "variant": m.variant.to_json(),
        "seed": m.seed,
        "round": m.round_number,
        "redeals": m.redeals,
        "levels": [r.text for r in m.levels],
        "scores": list(m.scores),
        "banker": m.banker,
        "dealt_first": m.dealt_first,
        "phase": m.phase.value,
        "hands": [str(h) for h in m.hands],
        "stock": " ".join(str(c) for c in m.stock),
        "kitty": str(m.kitty),
    }
    return own | bidding_json(m)


def bidding_json(m: Match | MatchView) -> JSONObject:
    """What a match and every seat's view of it both write: the bidding, the burial, the play
    and the last round's settlement."""
    return {
        "bid": bid_json(m.bid),
        "trump": None if m.trump is None else m.trump.letter,
        "passes": m.passes,
        "to_ask": m.to_ask,
        "burier": m.burier,
        "flipped": " ".join(str(c) for c in m.flipped),
        "play": None if m.play is None else m.play.to_json(),
        "last": None if m.last is None else record_json(m.last),
        "winner": m.winner,
    }


def bid_json(bid: Bid | None) -> JSONObject | None:
    """A standing bid as a JSON object (or ``None``)."""
    if bid is None:
        return None
    trump = None if bid.trump is None else bid.trump.letter
    return {"seat": bid.seat, "cards": str(bid.cards), "trump": trump, "named": bid.named}


def read_match_fields(reader: Reader) -> dict[str, object]:
    """The constructor's fields of a match document, each read strictly; refusals name the
    field."""
    variant = read_variant(reader, "variant", Variant)
    decks = variant.decks
    return {
        "variant": variant,
        "seed": reader.integer("seed", 0, 2**64 - 1),
        **read_public_fields(reader, variant),
        "hands": reader.each("hands", 8, lambda p, v: reader.cards_value(p, v, decks)),
        "stock": _card_list(reader, "stock", decks),
        "kitty": reader.cards("kitty", decks),
        "play": _read_play(reader),
    }


def read_public_fields(reader: Reader, variant: Variant) -> dict[str, object]:
    """The fields a match document and a match view document share (the public table), each
    read strictly, by their constructor names."""
    players, decks = variant.players, variant.decks
    levels = reader.items("levels", 2)
    if len(levels) != 2:
        raise reader.bad("levels", len(levels), "one level per team")
    ranks = tuple(reader.rank_value(path, value) for path, value in levels)
    return {
        "round_number": reader.integer("round", 1, 10_000),
        "redeals": reader.integer("redeals", 0, MAX_REDEALS),
        "levels": (ranks[0], ranks[1]),
        "scores": reader.ints("scores", players, -(10**9), 10**9),
        "banker": reader.opt_integer("banker", 0, players - 1),
        "dealt_first": reader.integer("dealt_first", 0, players - 1),
        "phase": reader.enum("phase", Phase),
        "bid": _read_bid(reader, decks, players),
        "trump": reader.suit("trump"),
        "passes": reader.integer("passes", 0, players - 1),
        "to_ask": reader.integer("to_ask", 0, players - 1),
        "burier": reader.opt_integer("burier", 0, players - 1),
        "flipped": _card_list(reader, "flipped", decks),
        "last": _read_last(reader, variant),
        "winner": reader.opt_integer("winner", 0, 1),
    }


def _card_list(reader: Reader, key: str, decks: int) -> tuple[Card, ...]:
    """Cards in order (the stock, the flipped kitty): tokens separated by spaces."""
    value = reader.raw(key)
    if not isinstance(value, str) or len(value) > 4 * 54 * decks:
        raise reader.bad(key, value, "cards in order, as text")
    try:
        cards = tuple(Card.parse(token) for token in value.split())
        Cards.of(cards).check_within(decks)
    except CardrulesError as err:
        raise reader.fail(key, str(err)) from None
    return cards


def _read_bid(reader: Reader, decks: int, players: int) -> Bid | None:
    if reader.raw("bid") is None:
        return None
    sub = reader.sub("bid")
    bid = Bid(
        seat=sub.integer("seat", 0, players - 1),
        cards=sub.cards("cards", decks),
        trump=sub.suit("trump"),
        named=sub.boolean("named"),
    )
    sub.done()
    return bid


def _read_play(reader: Reader) -> State | None:
    value = reader.raw("play")
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise reader.bad("play", value, "a play state document or null")
    try:
        return State.from_json(value)
    except DocumentError as err:
        path = f"play.{err.key}" if err.key else "play"
        raise DocumentError(_WHAT, str(err), key=path) from None


def _read_last(reader: Reader, variant: Variant) -> Settlement | None:
    value = reader.raw("last")
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise reader.bad("last", value, "a settlement object or null")
    try:
        return read_record(Settlement, value, f"{_WHAT} settlement", record_bounds(variant))
    except DocumentError as err:
        raise reader.fail(f"last.{err.key}" if err.key else "last", err.detail) from None
