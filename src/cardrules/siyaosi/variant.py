"""四幺四 variant switches (the clauses 4A4-TABLE-1 (Players and decks) … 4A4-SCORE-2
(Multipliers) say what each does). Presets: ``classic`` (seed 000),
``one-deck`` (seed 001).

The play switches come first (who leads, card order, combinations, chains); then the match
switches: how levels move and end the match (``rise``, ``gates``, ``victory``), the tribute
(``tribute`` … ``tribute_leader``) and the scoring table (``score_table``, ``multipliers``,
``multiplier_mode``)."""

from __future__ import annotations

from enum import StrEnum

import attrs

from cardrules.cards import Rank
from cardrules.errors import VariantError
from cardrules.implements import implements
from cardrules.variant import LEVEL_RANKS, VariantBase, switch

__all__ = [
    "DROP_BACKS",
    "SCORE_OUTCOMES",
    "SCORING_KINDS",
    "BombVsStraight",
    "Cha",
    "FirstLeader",
    "FirstRuling",
    "LeadDoubleStraight",
    "LevelPromotion",
    "MultiplierMode",
    "Pairing",
    "Rebellion",
    "RebellionEffect",
    "RebellionJokers",
    "Rise",
    "StraightFloor",
    "TributeLeader",
    "TributePayers",
    "Variant",
    "Victory",
    "drop_back_table",
]


class FirstLeader(StrEnum):
    """Who leads the first round (4A4-TABLE-4 (Who leads the first trick))."""

    DEALER = "dealer"
    HEART_THREE = "heart-three"


class LevelPromotion(StrEnum):
    """Whose level cards rank above the 2 (4A4-RANK-2 (The level card))."""

    RULING_TEAM = "ruling_team"
    ALL = "all"
    NONE = "none"


class StraightFloor(StrEnum):
    """The lowest start of a straight (4A4-COMBO-3 (Straight))."""

    THREE = "3"
    TWO = "2"


class BombVsStraight(StrEnum):
    """Which bombs beat straights (4A4-BEAT-5 (Bomb against the rest))."""

    WIDTH = "width"
    ANY = "any"


class Cha(StrEnum):
    """What two cards of a single's rank do (4A4-CHAIN-2 (Cha), 4A4-CAPTURE-1 (Capturing a
    single), 4A4-DEAD-1 (叉 on a single))."""

    CHAIN = "chain"
    CAPTURE = "capture"
    OFF = "off"
    DEAD = "dead"


class LeadDoubleStraight(StrEnum):
    """When a leader may lead a double straight, 4A4-TURN-8 (Leading a double straight): at any
    lead, or only as the last cards of its hand."""

    ANY = "any"
    LAST_CARDS = "last_cards"


class FirstRuling(StrEnum):
    """Who rules the first round, 4A4-TABLE-4 (Who leads the first trick): nobody, or the first
    leader's team."""

    NONE = "none"
    LEADER = "leader"


class Rise(StrEnum):
    """How levels move after a round: by the number caught, 4A4-LEVEL-2 (Rising by catches), or
    by the stage rules of 全洞/反洞/平洞, 4A4-LEVEL-4 (The stage: sweep, reverse sweep, split)."""

    CATCHES = "catches"
    SWEEP = "sweep"


class Victory(StrEnum):
    """How the match is won, 4A4-LEVEL-5 (Winning the match): the first team to reach A, or a
    team at A catching every opponent."""

    REACH = "reach"
    PASS = "pass"


def _suppress_of(effect: RebellionEffect) -> bool | None:
    """Whether a rebellion can be suppressed, as ``rebellion_effect`` calls for: never when it
    cancels the tribute (the rebel refuses in its turn to pay: nothing to put down); either way
    when it reverses it."""
    return False if effect is RebellionEffect.CANCEL else None


def _victory_of(gates: tuple[str, ...]) -> Victory:
    """The victory reading ``gates`` calls for, Y-SWITCH-1: ``pass`` with an A gate (the team at
    A must catch every opponent), ``reach`` without one (the first team at A wins)."""
    return Victory.PASS if "A" in gates else Victory.REACH


class TributePayers(StrEnum):
    """Who pays tribute after a round, 4A4-TRIB-1 (Who pays tribute)."""

    CAUGHT = "caught"
    PLACES = "places"
    OFF = "off"


class Pairing(StrEnum):
    """Which receiver each tribute goes to, 4A4-TRIB-3 (Pairing tributes with receivers)."""

    VALUE = "value"
    PLACE = "place"


class Rebellion(StrEnum):
    """Whether a payer holding both jokers may (``choice``) or must (``auto``) rebel, 4A4-TRIB-5
    (Rebellion)."""

    OFF = "off"
    CHOICE = "choice"
    AUTO = "auto"


class RebellionJokers(StrEnum):
    """What a payer must hold to rebel, 4A4-TRIB-10 (Rebelling with either joker): a big and a
    small joker, or either."""

    BOTH = "both"
    EITHER = "either"


class RebellionEffect(StrEnum):
    """What a rebellion does, 4A4-TRIB-11 (A rebellion that cancels the tribute): the winners pay
    instead, or the rebel pays nothing."""

    REVERSE = "reverse"
    CANCEL = "cancel"


class TributeLeader(StrEnum):
    """Who leads every round after the first, 4A4-TRIB-8 (Who leads after the tribute), 4A4-TRIB-9
    (The holder of 3♥ leads every round)."""

    EMPEROR = "emperor"
    PAYER = "payer"
    HEART_THREE = "heart-three"


class MultiplierMode(StrEnum):
    """How the score multipliers stack, 4A4-SCORE-2 (Multipliers)."""

    PER_KIND = "per_kind"
    PER_PLAY = "per_play"


#: The keys of ``score_table``, 4A4-SCORE-1 (The scoring table): from the ruling team's view,
#: which team had the emperor and how many of the other team it caught.
SCORE_OUTCOMES = (
    "sweep",
    "ruling-caught-some",
    "ruling-caught-none",
    "reverse-sweep",
    "other-caught-some",
    "other-caught-none",
)
#: The combinations that multiply a round's score, 4A4-SCORE-2 (Multipliers).
SCORING_KINDS = ("4a4", "joker-bomb", "bomb")
#: The drop-backs a variant may list, 4A4-LEVEL-6 (Drop-backs): ``"FROM>TO"``, two level ranks,
#: TO below FROM (``"J>3"``: a ruling team at J swept by its opponents falls back to 3).
DROP_BACKS = tuple(f"{a.text}>{b.text}" for a in LEVEL_RANKS for b in LEVEL_RANKS if b < a)


def drop_back_table(drop_backs: tuple[str, ...]) -> dict[Rank, Rank]:
    """``drop_backs`` as a table, from level to the level it falls back to, 4A4-LEVEL-6
    (Drop-backs)."""
    pairs = (item.split(">") for item in drop_backs)
    return {Rank.parse(a): Rank.parse(b) for a, b in pairs}


#: The ranks a tribute rule may name: 2 … A and the jokers.
_CARD_RANKS = tuple(r.text for r in Rank)


@attrs.frozen(kw_only=True)
class Variant(VariantBase):
    """Every rule switch of 四幺四. Load one with :func:`cardrules.siyaosi.load_variant`."""

    game = "siyaosi"

    players: int = switch(
        4,
        doc="Players at the table, two alternating teams.",
        choices=(4, 6, 8),
        ruling="Y-TABLE-1",
        clauses=("4A4-TABLE-1", "4A4-TABLE-2"),
    )
    decks: int = switch(
        2,
        doc="Standard 54-card decks shuffled together.",
        minimum=1,
        maximum=4,
        ruling="Y-TABLE-1",
        clauses=("4A4-TABLE-1",),
    )
    first_leader: FirstLeader = switch(
        FirstLeader.DEALER,
        doc="Who leads the first round: the first seat dealt, or the holder of 3♥.",
        ruling="Y-TABLE-4",
        clauses=("4A4-TABLE-4",),
    )
    start_level: Rank = switch(
        Rank.TWO,
        doc="Both teams' level before the first round.",
        ruling="Y-LEVEL-1",
        clauses=("4A4-LEVEL-1", "4A4-MATCH-1"),
    )
    level_promotion: LevelPromotion = switch(
        LevelPromotion.RULING_TEAM,
        doc="Who plays level cards above 2: the ruling team only, everyone, nobody.",
        ruling="Y-RANK-2",
        clauses=("4A4-RANK-2",),
    )
    straight_floor: StraightFloor = switch(
        StraightFloor.THREE,
        doc="Lowest start of a straight (2 sits below 3 only there).",
        ruling="Y-COMBO-3",
        clauses=("4A4-COMBO-3",),
    )
    level_in_straights: bool = switch(
        True,
        doc="Straights and double straights may hold a card of the level rank; false: they "
        "never do, nor run across it.",
        ruling="Y-NE-3",
        clauses=("4A4-COMBO-9",),
    )
    flush_straights: bool = switch(
        True,
        doc="A one-suit straight beats any mixed straight of its length.",
        ruling="Y-COMBO-4",
        clauses=("4A4-COMBO-4", "4A4-BEAT-3"),
    )
    min_tuple_run: int = switch(
        3,
        doc="Fewest consecutive pairs (triples) in a double (triple) straight.",
        minimum=2,
        maximum=6,
        ruling="Y-COMBO-5",
        clauses=("4A4-COMBO-5",),
    )
    triple_straights: bool = switch(
        True,
        doc="Consecutive triples form a triple straight.",
        ruling="Y-COMBO-5",
        clauses=("4A4-COMBO-5",),
    )
    bomb_vs_straight: BombVsStraight = switch(
        BombVsStraight.WIDTH,
        doc="'width': an n-card bomb beats straights of multiplicity m <= n-2; "
        "'any': every bomb beats every non-bomb.",
        ruling="Y-BEAT-3",
        clauses=("4A4-BEAT-5",),
    )
    double_beats_single_straight: bool = switch(
        False,
        doc="Any double straight beats any single straight, whatever the lengths.",
        ruling="Y-BEAT-4",
        clauses=("4A4-BEAT-6",),
    )
    bombs_beat_double_straights: bool = switch(
        True,
        doc="Bombs and the joker bomb beat double straights as bomb_vs_straight says; false: "
        "only a higher double straight of its length or a 4A4 beats a double straight.",
        ruling="Y-NE-4, Y-NE-5",
        clauses=("4A4-BEAT-11",),
    )
    four_threes_beat_4a4: bool = switch(
        True, doc="Exactly four 3s beat every 4A4.", ruling="Y-BEAT-7", clauses=("4A4-BEAT-9",)
    )
    cha: Cha = switch(
        Cha.CHAIN,
        doc="'chain': 勾岔 chain steps; 'capture': a pair on a single ends "
        "the trick (one-deck 叉); 'off'; 'dead': a pair on a single (叉) is beaten only by one "
        "more card of its rank (点), which ends the trick (north-eastern).",
        ruling="Y-CHAIN-2, Y-CHAIN-10, Y-NE-6",
        clauses=("4A4-CHAIN-2", "4A4-CAPTURE-1", "4A4-DEAD-1", "4A4-DEAD-2"),
    )
    gou: bool = switch(
        True,
        doc="After a cha, a single of the rank (gou) continues the chain (with cha = 'chain' "
        "only; under 'dead' a gou is the 点, whatever this says).",
        ruling="Y-CHAIN-2",
        clauses=("4A4-CHAIN-3", "4A4-CHAIN-11"),
    )
    double_cha: bool = switch(
        False,
        doc="Chains may also start on a pair or a double straight (with cha = 'chain' only).",
        ruling="Y-CHAIN-9",
        clauses=("4A4-CHAIN-10",),
    )
    chi: bool = switch(
        False,
        doc="The next seat may 吃 a single with two cards making a 3-card straight.",
        ruling="Y-CHI-1",
        clauses=("4A4-CHI-1",),
    )
    lead_double_straight: LeadDoubleStraight = switch(
        LeadDoubleStraight.ANY,
        doc="When a double straight may be led: 'any' lead; 'last_cards': only as the last "
        "cards of the leader's hand.",
        ruling="Y-NE-4",
        clauses=("4A4-TURN-8",),
    )
    announce_at: int = switch(
        3,
        doc="A hand this small is announced to the table (报片).",
        minimum=0,
        maximum=27,
        ruling="Y-TURN-4",
        clauses=("4A4-TURN-6",),
    )
    # ------------------------------------------------------------------ the match
    first_ruling: FirstRuling = switch(
        FirstRuling.NONE,
        doc="Who rules the first round: nobody (both teams 台下), or the first leader's team.",
        ruling="Y-TABLE-4, Y-LEVEL-1, Y-LEVEL-3",
        clauses=("4A4-TABLE-4", "4A4-LEVEL-1"),
    )
    rise: Rise = switch(
        Rise.CATCHES,
        doc="How levels move: 'catches' — the emperor's team rules and rises by the number "
        "caught; 'sweep' — 全洞 raises the ruling team by sweep_rise, 反洞 hands the stage to "
        "the other team at its stored level, 平洞 changes no level.",
        ruling="Y-LEVEL-1, Y-LEVEL-3",
        clauses=("4A4-LEVEL-2", "4A4-LEVEL-4"),
    )
    sweep_rise: int = switch(
        2,
        doc="Levels a sweep (全洞) adds with rise = 'sweep'.",
        minimum=1,
        maximum=12,
        ruling="Y-LEVEL-3",
        clauses=("4A4-LEVEL-4",),
    )
    gates: tuple[str, ...] = switch(
        ("J", "A"),
        doc="Gate levels: a rise stops on a gate, and a team at a gate rises only after "
        "catching every opponent.",
        choices=tuple(r.text for r in LEVEL_RANKS),
        ruling="Y-LEVEL-2",
        clauses=("4A4-LEVEL-3",),
    )
    victory: Victory = switch(
        Victory.PASS,
        doc="'pass': a team at A wins by catching every opponent; 'reach': the first team to "
        "rule at A wins. Follows gates: 'pass' with an A gate, else 'reach'.",
        ruling="Y-LEVEL-2, Y-LEVEL-4, Y-SWITCH-1",
        clauses=("4A4-LEVEL-5",),
        follows=("gates", _victory_of),
    )
    drop_backs: tuple[str, ...] = switch(
        (),
        doc="Drop-backs, each 'FROM>TO' (two level ranks, TO below FROM, e.g. 'J>3'): a ruling "
        "team at FROM whose opponents take the first half of the places (反洞) falls back to TO.",
        choices=DROP_BACKS,
        ruling="Y-NE-9",
        clauses=("4A4-LEVEL-6",),
    )
    tribute: TributePayers = switch(
        TributePayers.CAUGHT,
        doc="Who pays tribute: 'caught' — every caught player; 'places' — after a sweep or "
        "reverse sweep the whole losing team (双贡), else the emperor's worst-placed opponent; "
        "'off' — nobody.",
        ruling="Y-TRIB-1",
        clauses=("4A4-TRIB-1",),
    )
    tribute_excluded: tuple[str, ...] = switch(
        (),
        doc="Ranks that may be neither paid as tribute nor returned.",
        choices=_CARD_RANKS,
        ruling="Y-TRIB-2",
        clauses=("4A4-TRIB-2", "4A4-TRIB-4"),
    )
    tribute_pairing: Pairing = switch(
        Pairing.VALUE,
        doc="Which receiver takes which tribute: 'value' — the highest to the emperor, the "
        "next to the next-placed receiver; 'place' — the worst-placed payer pays the emperor.",
        ruling="Y-TRIB-3",
        clauses=("4A4-TRIB-3",),
    )
    rebellion: Rebellion = switch(
        Rebellion.CHOICE,
        doc="A payer holding both jokers may ('choice') or must ('auto') reveal them, and the "
        "winners pay instead (暴动/反贡); 'off': no rebellion.",
        ruling="Y-TRIB-4",
        clauses=("4A4-TRIB-5", "4A4-TRIB-7"),
    )
    rebellion_jokers: RebellionJokers = switch(
        RebellionJokers.BOTH,
        doc="What a payer must hold to rebel: a big and a small joker ('both'), or either "
        "('either').",
        ruling="Y-NE-10",
        clauses=("4A4-TRIB-10",),
    )
    rebellion_effect: RebellionEffect = switch(
        RebellionEffect.REVERSE,
        doc="What a rebellion does: 'reverse' — the winners pay instead (反贡); 'cancel' — the "
        "rebel refuses in its turn to pay and pays nothing, the others pay as due.",
        ruling="Y-NE-10, Y-NE-12",
        clauses=("4A4-TRIB-11",),
    )
    suppress_rebellion: bool = switch(
        True,
        doc="A receiver holding both jokers may reveal them to suppress a rebellion. Follows "
        "rebellion_effect: false with 'cancel' (nothing to suppress), free with 'reverse'.",
        ruling="Y-TRIB-4, Y-SWITCH-1",
        clauses=("4A4-TRIB-6", "4A4-TRIB-11"),
        follows=("rebellion_effect", _suppress_of),
    )
    tribute_leader: TributeLeader = switch(
        TributeLeader.EMPEROR,
        doc="Who leads every round after the first (round 1: first_leader): the emperor; the "
        "payer of the tribute the first receiver took (the emperor when no tribute was paid); "
        "'heart-three': the holder of 3♥ once the tribute is exchanged.",
        ruling="Y-TRIB-5, Y-NE-1, Y-NE-12",
        clauses=("4A4-TRIB-8", "4A4-TRIB-9"),
    )
    score_table: tuple[tuple[str, tuple[int, int]], ...] = switch(
        (),
        doc="Points per round outcome, [ruling team, other team], each -1000 to 1000; an outcome "
        "left out scores nothing (a file takes one out with [0, 0]), an empty table keeps no "
        "score.",
        keys=SCORE_OUTCOMES,
        minimum=-1000,
        maximum=1000,
        ruling="Y-SCORE-1, Y-SCORE-3",
        clauses=("4A4-SCORE-1", "CORE-VARIANT-1"),
        merge="keys",
        kind="pairs",
    )
    multipliers: tuple[tuple[str, int], ...] = switch(
        (("4a4", 5), ("joker-bomb", 4), ("bomb", 2)),
        doc="What a 4A4, a joker bomb or a bomb (a bombing chain included) played in the round "
        "multiplies its score by; a kind left out multiplies by 1 (a file takes one out with 1).",
        keys=SCORING_KINDS,
        minimum=1,
        maximum=100,
        ruling="Y-SCORE-2",
        clauses=("4A4-SCORE-2", "CORE-VARIANT-1"),
        merge="keys",
    )
    multiplier_mode: MultiplierMode = switch(
        MultiplierMode.PER_KIND,
        doc="'per_kind': each kind played multiplies once; 'per_play': every such play does.",
        ruling="Y-SCORE-2",
        clauses=("4A4-SCORE-2",),
    )

    @implements("4A4-TABLE-1")
    def check(self) -> None:
        """4A4-TABLE-1 (Players and decks): every player gets at least three cards; 4A4-LEVEL-5
        (Winning the match): ``victory`` agrees with ``gates``; 4A4-LEVEL-6 (Drop-backs): one
        drop-back per level, none below ``start_level``."""
        self._check_drop_backs()
        if self.rebellion_effect is RebellionEffect.CANCEL and self.suppress_rebellion:
            raise VariantError(
                "a rebellion that cancels the rebel's tribute is answered in its turn to pay and "
                "cannot be suppressed: set 'suppress_rebellion' = false with 'rebellion_effect' "
                "= 'cancel'",
                key="suppress_rebellion",
                value=True,
                allowed=(False,),
            )
        if self.total_cards < self.players * 3:
            raise VariantError(
                f"{self.decks} deck(s) cannot give {self.players} players three cards each",
                key="decks",
                value=self.decks,
                allowed="at least players*3/54 decks",
            )
        if self.victory is not _victory_of(self.gates):
            why = (
                "a team at A passes it only by catching every opponent, which needs A in 'gates'"
                if self.victory is Victory.PASS
                else "the first team to reach A wins, so A cannot be a gate in 'gates'"
            )
            raise VariantError(
                f"{self.victory.value!r} contradicts 'gates' = {list(self.gates)}: {why}; set "
                "one of them only (victory follows gates)",
                key="victory",
                value=self.victory.value,
                allowed=(_victory_of(self.gates).value,),
            )

    def _check_drop_backs(self) -> None:
        """4A4-LEVEL-6 (Drop-backs): a level falls back to one level only, and never below the
        start level (where no level can be)."""
        seen: set[str] = set()
        for item in self.drop_backs:
            start, to = item.split(">")
            if start in seen:
                raise VariantError(
                    f"two drop-backs from {start}: a level falls back to one level",
                    key="drop_backs",
                    value=list(self.drop_backs),
                )
            seen.add(start)
            if Rank.parse(to) < self.start_level:
                raise VariantError(
                    f"{item!r} falls below 'start_level' = {self.start_level.text!r}: no level "
                    "is below the start",
                    key="drop_backs",
                    value=list(self.drop_backs),
                    allowed=f"drop-backs to {self.start_level.text} or above",
                )
