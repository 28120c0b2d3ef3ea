"""A 四幺四 match and a seat's view of it as JSON documents and back (``type = "match"``,
``"match-view"``): written with every derived field for readers' sake, read strictly, the facts
checked and the moves replayed, the derived fields compared, 4A4-MATCH-3 (Match positions and
records), 4A4-MATCH-4 (What a seat sees in a match). :meth:`Match.to_json
<cardrules.siyaosi.match.state.Match.to_json>` and the other methods call these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.siyaosi.match.check import JOKERS, Seen, rebuild_exchange, revealers
from cardrules.siyaosi.match.record import (
    MAX_ROUNDS,
    SEEDS,
    MatchResult,
    read_levels,
    read_moves,
    read_opening,
    read_score,
)
from cardrules.siyaosi.moves import Phase
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.tribute import Exchange, Step
from cardrules.siyaosi.variant import Variant
from cardrules.siyaosi.view import read_view
from cardrules.tracker import read_tracker
from cardrules.variant import read_variant

if TYPE_CHECKING:
    from cardrules.siyaosi.match.state import Match
    from cardrules.siyaosi.match.view import MatchView

__all__ = ["exchange_json", "match_json", "match_view_json", "read_match", "read_match_view"]


def match_json(match: Match) -> JSONObject:
    """``match`` as a document: the facts its round began with and the round's moves;
    ``phase``, ``turn`` and ``result`` are written for readers' sake."""
    opening: JSON = None
    if match.opening is not None:
        opening = {"leader": match.opening.leader, "out": list(match.opening.out)}
    return document(
        "siyaosi",
        "match",
        {
            "variant": match.variant.to_json(),
            "seed": match.seed,
            "round": match.round,
            "levels": [r.text for r in match.levels],
            "ruling": match.ruling,
            "score": list(match.score),
            "last_finish": list(match.last_finish),
            "deal": [str(h) for h in match.deal],
            "opening": opening,
            "exchange": [m.fields_json() for m in match.exchange_moves],
            "moves": [m.fields_json() for m in match.play_moves],
            "phase": match.phase.value,
            "turn": match.turn,
            "result": None if match.final is None else match.final.body(),
        },
    )


def read_match(make: type[Match], data: Mapping[str, JSON] | str | bytes) -> Match:
    """The match :func:`match_json` wrote, built by ``make`` (the class), which checks the facts
    and replays every move; the derived fields written must agree."""
    reader = open_document(data, "siyaosi", "match")
    variant = read_variant(reader, "variant", Variant)
    players, decks = variant.players, variant.decks
    seed = reader.integer("seed", 0, SEEDS - 1)
    number = reader.integer("round", 1, MAX_ROUNDS)
    levels = read_levels(reader, "levels")
    ruling = reader.opt_integer("ruling", 0, 1)
    score = read_score(reader, "score", variant, number - 1)
    last_finish = reader.ints("last_finish", None, 0, players - 1)
    hands = reader.each("deal", 8, lambda path, v: reader.cards_value(path, v, decks))
    opening = read_opening(reader, players)
    exchange_moves = read_moves(reader, "exchange", decks)
    play_moves = read_moves(reader, "moves", decks)
    with reader.reading():
        match = make(
            variant=variant,
            seed=seed,
            round=number,
            levels=levels,
            ruling=ruling,
            score=score,
            last_finish=last_finish,
            deal=hands,
            opening=opening,
            exchange_moves=exchange_moves,
            play_moves=play_moves,
        )
    reader.derived(match.to_json(), ("phase", "turn", "result"), "does not follow from the moves")
    reader.done()
    return match


def match_view_json(view: MatchView) -> JSONObject:
    """``view`` as a document: the variant once (the play view inside is a view document
    without it), ``turn``, the tribute phase's derived fields and the play view's."""
    return document(
        "siyaosi",
        "match-view",
        {
            "seat": view.seat,
            "variant": view.variant.to_json(),
            "round": view.round,
            "levels": [r.text for r in view.levels],
            "ruling": view.ruling,
            "score": list(view.score),
            "last_finish": list(view.last_finish),
            "phase": view.phase.value,
            "turn": view.turn,
            "hand": str(view.hand),
            "hand_sizes": list(view.hand_sizes),
            "tribute": None if view.exchange is None else exchange_json(view.exchange),
            "play": None if view.play is None else view.play.nested_json(),
            "result": None if view.result is None else view.result.body(),
            "tracker": view.tracker.to_json(),
        },
    )


def read_match_view(make: type[MatchView], data: Mapping[str, JSON] | str | bytes) -> MatchView:
    """The view :func:`match_view_json` wrote, built by ``make`` (the class): every field read
    strictly, the tribute phase replayed from the last finishing order, the play view's trick
    from its start; the fields that follow from them must agree."""
    reader = open_document(data, "siyaosi", "match-view")
    variant = read_variant(reader, "variant", Variant)
    players, decks = variant.players, variant.decks
    seat = reader.integer("seat", 0, players - 1)
    number = reader.integer("round", 1, MAX_ROUNDS)
    levels = read_levels(reader, "levels")
    ruling = reader.opt_integer("ruling", 0, 1)
    score = read_score(reader, "score", variant, number - 1)
    last_finish = reader.ints("last_finish", None, 0, players - 1)
    phase = reader.enum("phase", Phase)
    hand = reader.cards("hand", decks)
    sizes = reader.ints("hand_sizes", players, 0, variant.total_cards)
    with reader.reading():
        table = Table(variant, levels, ruling)
    exchange = None
    if reader.raw("tribute") is not None:
        exchange = read_exchange(reader, table, seat, last_finish)
    play = None
    if reader.raw("play") is not None:
        sub = reader.nested("play", "siyaosi", "view")
        play = read_view(sub, variant)
        sub.done()
    result = None
    if reader.raw("result") is not None:
        sub = reader.sub("result")
        result = MatchResult.read(sub, variant)
        sub.done()
    with reader.reading():
        view = make(
            seat=seat,
            variant=variant,
            round=number,
            levels=levels,
            ruling=ruling,
            score=score,
            last_finish=last_finish,
            phase=phase,
            hand=hand,
            hand_sizes=sizes,
            exchange=exchange,
            play=play,
            result=result,
        )
    reader.derived({"turn": view.turn}, ("turn",), "does not follow from the other fields")
    read_tracker(reader, "tracker", view.tracker)
    reader.done()
    return view


def exchange_json(ex: Exchange) -> JSONObject:
    """The tribute phase as the table sees it: who owes whom, the step and who acts, the jokers
    revealed, the tributes paid and taken, the returns (a card this seat may not see is
    ``null``)."""
    revealed: list[JSON] = [{"seat": seat, "cards": str(JOKERS)} for seat in revealers(ex)]
    return {
        "payers": list(ex.dues.payers),
        "receivers": list(ex.dues.receivers),
        "step": ex.step.value,
        "turn": ex.turn,
        "rebel": ex.rebel,
        "suppressor": ex.suppressor,
        "revealed": revealed,
        "paid": [{"seat": seat, "cards": str(cards)} for seat, cards in ex.paid],
        "taken": [
            {"payer": payer, "receiver": receiver, "cards": str(cards)}
            for payer, receiver, cards in ex.pairs
        ],
        "returned": [
            {"receiver": giver, "payer": taker, "cards": None if cards is None else str(cards)}
            for giver, taker, cards in ex.returned
        ],
    }


def read_exchange(document: Reader, table: Table, seat: int, finish: tuple[int, ...]) -> Exchange:
    """The tribute phase of a match view document (its field ``tribute``): read strictly,
    replayed from the last finishing order, and compared with every field written."""
    reader = document.sub("tribute")
    variant = table.variant
    players, decks = variant.players, variant.decks
    paid = []
    for path, value in reader.items("paid", players):
        item = reader.element(path, value)
        paid.append((item.integer("seat", 0, players - 1), item.cards("cards", decks)))
        item.done()
    returned = []
    for path, value in reader.items("returned", players):
        item = reader.element(path, value)
        giver = item.integer("receiver", 0, players - 1)
        taker = item.integer("payer", 0, players - 1)
        card = None if item.raw("cards") is None else item.cards("cards", decks)
        returned.append((giver, taker, card))
        item.done()
    seen = Seen(
        step=reader.enum("step", Step),
        turn=reader.opt_integer("turn", 0, players - 1),
        rebel=reader.opt_integer("rebel", 0, players - 1),
        suppressor=reader.opt_integer("suppressor", 0, players - 1),
        paid=tuple(paid),
        returned=tuple(returned),
    )
    with document.reading():
        ex = rebuild_exchange(table, seat, finish, seen)
    written = exchange_json(ex)
    reader.derived(written, written, "does not follow from the tribute phase")
    reader.done()
    return ex
