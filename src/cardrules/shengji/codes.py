"""The error codes of the Shengji play phase, each with the clause it rests on."""

from __future__ import annotations

from cardrules.codes import Code, CodeTable

__all__ = ["CODES"]

#: Every refusal of the Shengji play phase.
CODES = CodeTable(
    Code("not-a-move", "CORE-API-1", "the object given is not a Shengji move"),
    Code("no-such-seat", "SJ-TABLE-1", "the seat is not at this table"),
    Code("not-viewing-seat", "CORE-VIEW-1", "a view checks only its own seat's moves"),
    Code("round-over", "SJ-STATE-5", "the round has ended"),
    Code("round-not-over", "SJ-STATE-5", "a result was asked for before the last trick"),
    Code("wrong-phase", "SJ-STATE-2", "the play phase takes plays only (no bid, pass, bury, fry)"),
    Code("not-your-turn", "SJ-TRICK-1", "another seat plays next"),
    Code("not-in-hand", "SJ-STATE-2", "the seat does not hold those cards", also=("SJ-FOLLOW-1",)),
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
        also=("SJ-FOLLOW-5",),
    ),
)
