"""四幺四 variant switches (rulings Y-TABLE … Y-CHI). Presets: ``classic`` (seed 000), ``one-deck``
(seed 001)."""

from __future__ import annotations

from enum import StrEnum

import attrs

from cardrules.cards import Rank
from cardrules.errors import VariantError
from cardrules.variant import VariantBase, switch

__all__ = ["BombVsStraight", "Cha", "FirstLeader", "LevelPromotion", "StraightFloor", "Variant"]


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
    single))."""

    CHAIN = "chain"
    CAPTURE = "capture"
    OFF = "off"


@attrs.frozen(kw_only=True)
class Variant(VariantBase):
    """Every rule switch of 四幺四. Load one with :func:`cardrules.siyaosi.load_variant`."""

    game = "siyaosi"

    players: int = switch(
        4, doc="Players at the table, two alternating teams.", choices=(4, 6, 8), ruling="Y-TABLE-1"
    )
    decks: int = switch(
        2, doc="Standard 54-card decks shuffled together.", minimum=1, maximum=4, ruling="Y-TABLE-1"
    )
    first_leader: FirstLeader = switch(
        FirstLeader.DEALER,
        doc="Who leads the first round: the first seat dealt, or the holder of 3♥.",
        ruling="Y-TABLE-4",
    )
    start_level: Rank = switch(
        Rank.TWO, doc="Both teams' level before the first round.", ruling="Y-LEVEL-1"
    )
    level_promotion: LevelPromotion = switch(
        LevelPromotion.RULING_TEAM,
        doc="Who plays level cards above 2: the ruling team only, everyone, nobody.",
        ruling="Y-RANK-2",
    )
    straight_floor: StraightFloor = switch(
        StraightFloor.THREE,
        doc="Lowest start of a straight (2 sits below 3 only there).",
        ruling="Y-COMBO-3",
    )
    flush_straights: bool = switch(
        True, doc="A one-suit straight beats any mixed straight of its length.", ruling="Y-COMBO-4"
    )
    min_tuple_run: int = switch(
        3,
        doc="Fewest consecutive pairs (triples) in a double (triple) straight.",
        minimum=2,
        maximum=6,
        ruling="Y-COMBO-5",
    )
    triple_straights: bool = switch(
        True, doc="Consecutive triples form a triple straight.", ruling="Y-COMBO-5"
    )
    bomb_vs_straight: BombVsStraight = switch(
        BombVsStraight.WIDTH,
        doc="'width': an n-card bomb beats straights of multiplicity m <= n-2; "
        "'any': every bomb beats every non-bomb.",
        ruling="Y-BEAT-3",
    )
    double_beats_single_straight: bool = switch(
        False,
        doc="Any double straight beats any single straight, whatever the lengths.",
        ruling="Y-BEAT-4",
    )
    four_threes_beat_4a4: bool = switch(
        True, doc="Exactly four 3s beat every 4A4.", ruling="Y-BEAT-7"
    )
    cha: Cha = switch(
        Cha.CHAIN,
        doc="'chain': 勾岔 chain steps; 'capture': a pair on a single ends "
        "the trick (one-deck 叉); 'off'.",
        ruling="Y-CHAIN-2, Y-CHAIN-10",
    )
    gou: bool = switch(
        True, doc="After a cha, a single of the rank (gou) continues the chain.", ruling="Y-CHAIN-2"
    )
    double_cha: bool = switch(
        False,
        doc="Chains may also start on a pair or a double straight (with cha = 'chain' only).",
        ruling="Y-CHAIN-9",
    )
    chi: bool = switch(
        False,
        doc="The next seat may 吃 a single with two cards making a 3-card straight.",
        ruling="Y-CHI-1",
    )
    announce_at: int = switch(
        3,
        doc="A hand this small is announced to the table (报片).",
        minimum=0,
        maximum=27,
        ruling="Y-TURN-4",
    )

    def check(self) -> None:
        """4A4-TABLE-1 (Players and decks): every player gets at least three cards."""
        if self.total_cards < self.players * 3:
            raise VariantError(
                f"{self.decks} deck(s) cannot give {self.players} players three cards each",
                key="decks",
                value=self.decks,
                allowed="at least players*3/54 decks",
            )
