"""Every refusal of 四幺四 in one place: the play phase's codes (:data:`PLAY_CODES`), the
tribute phase's and a won match's (:data:`TRIBUTE_CODES`), and the game's whole table
(:data:`CODES`, exported as ``cardrules.siyaosi.CODES``)."""

from __future__ import annotations

from cardrules.codes import Code, CodeTable, common_codes

__all__ = ["CODES", "PLAY_CODES", "TRIBUTE_CODES"]

#: Every refusal of the 四幺四 play phase.
PLAY_CODES = CodeTable(
    *common_codes(
        "四幺四",
        {
            "not-a-move": "CORE-API-1",
            "no-such-seat": "4A4-TABLE-2",
            "not-viewing-seat": "CORE-VIEW-1",
            "not-in-hand": "4A4-TURN-7",
            "round-over": "4A4-ROUND-1",
        },
    ),
    Code("seat-out", "4A4-TURN-5", "the seat has already gone out"),
    Code("not-your-turn", "4A4-TURN-1", "only a cha, gou or capture may be played out of turn"),
    Code("leader-must-play", "4A4-TURN-1", "the leader of a trick cannot pass"),
    Code("not-a-combination", "4A4-COMBO-1", "the cards are no combination of the game"),
    Code(
        "does-not-beat",
        "4A4-TURN-2",
        "the play does not beat the top of the trick",
        also=("4A4-DEAD-2",),
    ),
    Code(
        "double-straight-not-last",
        "4A4-TURN-8",
        "a double straight may be led only as the last cards of the hand (lead_double_straight)",
    ),
    Code(
        "chain-step-not-play",
        "4A4-CHAIN-8",
        "cards that split into chain steps must be played as those steps",
    ),
    Code("chains-off", "4A4-CHAIN-1", "the variant has no 勾岔 chains"),
    Code(
        "no-chain",
        "4A4-CHAIN-1",
        "there is no open chain (a chain starts only on a single or a single straight)",
    ),
    Code("chain-closed", "4A4-CHAIN-11", "the chain has reached its last step (e.g. without gou)"),
    Code(
        "not-a-chain-step",
        "4A4-CHAIN-2",
        "the cards are not a step of this chain (wrong ranks or counts)",
    ),
    Code("wrong-chain-step", "4A4-CHAIN-3", "a cha where a gou is due, or the other way round"),
    Code("capture-off", "4A4-CAPTURE-1", "the variant has no 叉 capture"),
    Code("no-single-to-capture", "4A4-CAPTURE-1", "a capture needs a single on top"),
    Code("not-a-capture", "4A4-CAPTURE-1", "a capture is two cards of the single's rank"),
    Code("no-single-to-cha", "4A4-DEAD-1", "a 叉 needs a single on top"),
    Code("not-a-cha", "4A4-DEAD-1", "a 叉 is exactly two cards of the single's rank"),
    Code("no-cha-to-dian", "4A4-DEAD-2", "a 点 needs a 叉 on top"),
    Code("not-a-dian", "4A4-DEAD-2", "a 点 is exactly one card of the 叉's rank"),
    Code("chi-off", "4A4-CHI-1", "the variant has no 吃"),
    Code("no-single-to-chi", "4A4-CHI-1", "吃 needs a single on top"),
    Code(
        "chi-not-next-seat",
        "4A4-CHI-1",
        "only the next seat, in its turn and before anyone passes, may 吃",
    ),
    Code(
        "not-a-chi", "4A4-CHI-1", "the two cards do not make a three-card straight with the single"
    ),
    Code(
        "wrong-phase",
        "4A4-MATCH-2",
        "a tribute-phase move (tribute, return, rebel, suppress) in the play phase, or a play in "
        "the tribute phase",
    ),
)

#: Every refusal of the tribute phase (and of a finished match); the play phase's are
#: :data:`PLAY_CODES`.
TRIBUTE_CODES = CodeTable(
    Code("match-over", "4A4-MATCH-1", "the match has been won; no move follows"),
    Code("not-due", "4A4-TRIB-7", "another seat acts now in the tribute phase"),
    Code(
        "wrong-tribute-move",
        "4A4-TRIB-7",
        "the seat in turn owes another kind of move (a rebellion answer, a tribute, a return)",
    ),
    Code(
        "no-joker-pair",
        "4A4-TRIB-5",
        "revealing needs a big and a small joker in hand (a rebel: either, with "
        "rebellion_jokers = 'either')",
        also=("4A4-TRIB-10",),
    ),
    Code(
        "cannot-pass",
        "4A4-TRIB-7",
        "the seat must act: it holds a card it may give, or must rebel",
        also=("4A4-TRIB-5", "4A4-TRIB-11"),
    ),
    Code(
        "one-card", "4A4-TRIB-2", "a tribute or a return is exactly one card", also=("4A4-TRIB-4",)
    ),
    Code(
        "card-excluded",
        "4A4-TRIB-2",
        "that rank may be neither paid nor returned (tribute_excluded)",
        also=("4A4-TRIB-4",),
    ),
    Code("tribute-not-highest", "4A4-TRIB-2", "the tribute is the payer's highest card"),
)

#: Every refusal of 四幺四: the play phase's, then the tribute phase's and a won match's.
CODES = PLAY_CODES | TRIBUTE_CODES
