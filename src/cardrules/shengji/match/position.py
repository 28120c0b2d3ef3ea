"""A case file's ``[position]`` as the fields of a match in any phase, SJ-MATCH-4 (What a match
shows and saves).

Besides the contract's keys a match position may give (:data:`POSITION_KEYS`): ``round`` (the round
number, default 1; round 1 is played at the start level and its banker comes from the bidding),
``redeals`` (round 1: how many times it has been dealt again, default 0), ``seed`` (for the deals
of later rounds, default 0), ``scores`` (each seat's match score so far), ``dealt_first`` (round 1:
the seat the deal began with; later rounds it is the banker), ``stock`` (the cards still to deal,
in order; the kitty is its last ``kitty`` cards) and ``bid`` (the standing bid, ``"SEAT: CARDS"``;
four jokers name their trump in ``trump``).

A position starts at the beginning of its phase: ``deal`` — the seat just dealt a card is in
turn; ``bid`` — the deal is over (the stock is the kitty) and the seat dealt first is asked;
``bury`` — the banker takes ``kitty`` (without ``bid`` the kitty was turned up and ``trump``
says what it gave); ``fry`` — the banker has buried ``kitty`` and the seat after it is asked;
``play`` — the play state's position.
"""

from __future__ import annotations

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError, PositionError
from cardrules.limits import quote
from cardrules.position import Position
from cardrules.shengji.bids import Bid, bid_trump, needs_naming
from cardrules.shengji.keys import POSITION_KEYS
from cardrules.shengji.levels import Settlement, settle
from cardrules.shengji.match.phases import MAX_REDEALS, Phase, parse_move
from cardrules.shengji.moves import MoveKind
from cardrules.shengji.state import State
from cardrules.shengji.variant import Variant
from cardrules.textio import is_int

__all__ = ["POSITION_KEYS", "match_fields", "round_settlement"]

_PHASES = (Phase.DEAL, Phase.BID, Phase.BURY, Phase.FRY, Phase.PLAY)


def round_settlement(
    position: Position, attacker_points: int, failed_throws: tuple[int, ...] | None = None
) -> Settlement:
    """A ``round`` case: the round of ``position`` (its variant, ``levels``, ``banker``, and the
    match keys ``round`` and ``scores``) settled on ``attacker_points``, each seat having failed
    ``failed_throws[seat]`` throws in it (none by default), each costing it the variant's
    ``throw_penalty``, SJ-MATCH-3 (The match score)."""
    fields = _standing(position)
    position.require("banker")
    assert position.banker is not None
    variant, levels, scores = fields["variant"], fields["levels"], fields["scores"]
    assert isinstance(variant, Variant) and isinstance(scores, tuple)
    return settle(
        variant,
        round_number=_number(fields["round_number"], "round", 1, 10_000),
        levels=_levels(levels),
        banker=position.banker,
        attacker_points=attacker_points,
        scores=scores,
        penalties=tuple(n * variant.throw_penalty for n in failed_throws or (0,) * variant.players),
    )


def _levels(levels: object) -> tuple[Rank, Rank]:
    assert isinstance(levels, tuple) and len(levels) == 2
    a, b = levels
    assert isinstance(a, Rank) and isinstance(b, Rank)
    return a, b


def _standing(position: Position) -> dict[str, object]:
    """The match's standing a position gives: variant, seed, round, levels and scores."""
    variant = position.variant
    if not isinstance(variant, Variant):
        raise PositionError("a shengji position needs a shengji variant", key="variant")
    position.refuse("ruling", "out")
    extra = position.extra
    return {
        "variant": variant,
        "seed": _number(extra.get("seed", 0), "seed", 0, 2**64 - 1),
        "round_number": _number(extra.get("round", 1), "round", 1, 10_000),
        "redeals": _number(extra.get("redeals", 0), "redeals", 0, MAX_REDEALS),
        "levels": position.levels or (variant.start_level, variant.start_level),
        "scores": _scores(extra.get("scores"), variant.players),
    }


def match_fields(position: Position) -> dict[str, object]:
    """The constructor's fields of the match ``position`` describes (the constructor checks that
    it could exist)."""
    fields = _standing(position)
    variant = fields["variant"]
    assert isinstance(variant, Variant)
    if position.phase not in _PHASES:
        raise PositionError(
            f"one of {', '.join(p.value for p in _PHASES)}, got {quote(position.phase)}",
            key="phase",
        )
    phase = Phase(position.phase)
    round_number = fields["round_number"]
    assert isinstance(round_number, int)
    fields["phase"] = phase
    if phase is Phase.PLAY:
        return fields | _playing(position)
    position.refuse("leader", "points")
    position.require("hands")
    level = _level(fields["levels"], position.banker, round_number)
    bid = _bid(position, variant, level)
    fields |= {"hands": position.hands, "bid": bid}
    if phase in (Phase.DEAL, Phase.BID):
        return fields | _dealing(position, variant, round_number, bid, phase)
    return fields | _after_bidding(position, phase, bid)


def _number(value: object, key: str, lo: int, hi: int) -> int:
    if not is_int(value) or not lo <= value <= hi:
        raise PositionError(f"an integer {lo}..{hi}, got {quote(value)}", key=key)
    return value


def _scores(value: object, players: int) -> tuple[int, ...]:
    if value is None:
        return (0,) * players
    if not isinstance(value, list) or len(value) != players:
        raise PositionError(f"one match score per seat ({players})", key="scores")
    return tuple(_number(v, "scores", -(10**9), 10**9) for v in value)


def _level(levels: object, banker: int | None, round_number: int) -> Rank:
    assert isinstance(levels, tuple)
    rank = levels[0] if banker is None or round_number == 1 else levels[banker % 2]
    assert isinstance(rank, Rank)
    return rank


def _bid(position: Position, variant: Variant, level: Rank) -> Bid | None:
    """The standing bid (``bid = "SEAT: CARDS"``); four jokers take their trump from
    ``trump``."""
    text = position.extra.get("bid")
    if text is None:
        return None
    if not isinstance(text, str):
        raise PositionError(f"a bid as 'SEAT: CARDS', got {quote(text)}", key="bid")
    try:
        move = parse_move(variant, text)
    except CardrulesError as err:
        raise PositionError(str(err), key="bid") from None
    if move.kind not in (MoveKind.PLAY, MoveKind.BID) or not 0 <= move.seat < variant.players:
        raise PositionError(f"a bid as 'SEAT: CARDS', got {quote(text)}", key="bid")
    if needs_naming(move.cards):
        position.require("trump")
        return Bid(move.seat, move.cards, position.trump)
    if "trump" in position.given and position.trump != bid_trump(move.cards, level):
        raise PositionError(f"the bid {move.cards} sets another trump", key="trump")
    return Bid(move.seat, move.cards, bid_trump(move.cards, level))


def _banker(position: Position, round_number: int, bid: Bid | None) -> dict[str, object]:
    """The banker and the seat dealt first: in round 1 the bidder banks and ``dealt_first`` is
    given; later the banker is given and dealt first."""
    if round_number == 1:
        position.refuse("banker")
        first = position.extra.get("dealt_first")
        if first is None:
            raise PositionError("round 1 needs the seat dealt first", key="dealt_first")
        return {"banker": None if bid is None else bid.seat, "dealt_first": first}
    position.require("banker")
    position_first = position.extra.get("dealt_first", position.banker)
    if position_first != position.banker:
        raise PositionError("after round 1 the banker is dealt first", key="dealt_first")
    return {"banker": position.banker, "dealt_first": position.banker}


def _dealing(
    position: Position, variant: Variant, round_number: int, bid: Bid | None, phase: Phase
) -> dict[str, object]:
    position.refuse("kitty")
    if "trump" in position.given and (bid is None or not needs_naming(bid.cards)):
        raise PositionError("the bidding chooses the trump", key="trump")
    value = position.extra.get("stock")
    if not isinstance(value, str):
        raise PositionError("the cards still to deal, in order, as text", key="stock")
    try:
        stock = tuple(Card.parse(token) for token in value.split())
    except CardrulesError as err:
        raise PositionError(str(err), key="stock") from None
    fields = _banker(position, round_number, bid) | {"stock": stock}
    first = fields["dealt_first"]
    dealt = sum(len(hand) for hand in position.hands)
    if phase is Phase.DEAL and is_int(first):
        fields["to_ask"] = (first + dealt - 1) % variant.players
    else:
        fields["to_ask"] = first
    return fields


def _after_bidding(position: Position, phase: Phase, bid: Bid | None) -> dict[str, object]:
    """Bury: the banker takes ``kitty``; fry: the banker has buried it."""
    position.refuse("stock")
    position.require("kitty", "banker")
    banker = position.banker
    assert banker is not None
    kitty = position.kitty
    if bid is None:
        if phase is Phase.FRY:
            raise PositionError("frying follows a bid", key="bid")
        position.require("trump")
    trump: Suit | None = position.trump if bid is None else bid.trump
    hands = list(position.hands)
    fields: dict[str, object] = {
        "banker": banker,
        "dealt_first": _first(position, banker),
        "kitty": kitty,
        "trump": trump,
        "burier": banker,
        "flipped": tuple(kitty) if bid is None else (),
    }
    if phase is Phase.BURY:
        hands[banker] = hands[banker] + kitty
    else:
        fields["to_ask"] = (banker + 1) % position.players
    return fields | {"hands": tuple(hands)}


def _first(position: Position, banker: int) -> object:
    return position.extra.get("dealt_first", banker)


def _playing(position: Position) -> dict[str, object]:
    """The play state of the position, as the play phase of a match."""
    if "bid" in position.given:
        raise PositionError("a play position starts after the bidding", key="bid")
    position.refuse("stock")
    state = State.from_position(position)
    return {
        "levels": state.levels,
        "banker": state.banker,
        "dealt_first": _first(position, state.banker),
        "hands": state.hands,
        "kitty": state.kitty,
        "trump": state.trump,
        "burier": state.banker if state.kitty else None,
        "play": state,
    }
