"""The error codes of Shengji — the play phase and the match's phases (deal, bidding, burying,
frying) — each with the clause it rests on."""

from __future__ import annotations

from cardrules.codes import Code, CodeTable, common_codes

__all__ = ["CODES"]

#: Every refusal of Shengji, in the play phase and the match's phases.
CODES = CodeTable(
    *common_codes(
        "Shengji",
        {
            "not-a-move": "CORE-API-1",
            "no-such-seat": "SJ-TABLE-1",
            "not-viewing-seat": "CORE-VIEW-1",
            "not-in-hand": ("SJ-STATE-2", "SJ-FOLLOW-1", "SJ-BID-1"),
            "round-over": ("SJ-STATE-5", "SJ-MATCH-2"),
        },
    ),
    Code("round-not-over", "SJ-STATE-5", "a result was asked for before the last trick"),
    Code(
        "wrong-phase",
        "SJ-STATE-2",
        "the move is not one this phase takes (the play phase takes plays only)",
        also=("SJ-MATCH-1", "SJ-FRY-4"),
    ),
    Code(
        "not-your-turn",
        "SJ-TRICK-1",
        "another seat acts next",
        also=("SJ-DEAL-2", "SJ-BID-6", "SJ-KITTY-1", "SJ-FRY-1"),
    ),
    Code("mixed-suits", "SJ-THROW-1", "a lead is cards of one suit, or all trumps"),
    Code(
        "wrong-count",
        "SJ-FOLLOW-1",
        "a follow has as many cards as the lead (a short hand plays them all)",
        also=("SJ-STATE-3",),
    ),
    Code("must-follow-suit", "SJ-FOLLOW-2", "the follower still holds cards of the led suit"),
    Code(
        "must-follow-shape",
        "SJ-FOLLOW-3",
        "the follow does not keep the lead's structure as far as the hand allows",
        also=("SJ-FOLLOW-5", "SJ-FOLLOW-8"),
    ),
    Code("not-a-bid", "SJ-BID-2", "the cards are no bid of the variant's bid order"),
    Code(
        "bid-too-low",
        "SJ-BID-2",
        "the bid or fry does not outrank the standing bid",
        also=("SJ-FRY-2",),
    ),
    Code("jokers-overcall-only", "SJ-BID-3", "jokers declare first only as four of a kind"),
    Code(
        "self-overcall",
        "SJ-BID-5",
        "a seat may not overcall or fry over its own standing bid",
        also=("SJ-FRY-3",),
    ),
    Code("trump-not-named", "SJ-BID-4", "after four jokers their bidder names the trump first"),
    Code("nothing-to-name", "SJ-BID-4", "no four-joker bid is waiting for its trump"),
    Code("wrong-bury-count", "SJ-KITTY-1", "the kitty is buried with exactly its size in cards"),
    Code("not-a-fry", "SJ-FRY-2", "the cards are not in the variant's frying order"),
)
