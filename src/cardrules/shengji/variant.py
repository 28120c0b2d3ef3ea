"""四副升级 variant switches (rulings S-TABLE … S-LEVEL). Preset: ``four-deck`` (seed 003)."""

from __future__ import annotations

from enum import StrEnum

import attrs

from cardrules.cards import Rank
from cardrules.errors import VariantError
from cardrules.variant import LEVEL_RANKS, VariantBase, switch

__all__ = ["KittyMultiplier", "OffSuitOrder", "TractorLanes", "Variant"]


class OffSuitOrder(StrEnum):
    """How off-suit level cards and 2s rank among themselves, SJ-TRUMP-3 (The order of trumps)."""

    SUIT = "suit"
    EQUAL = "equal"


class TractorLanes(StrEnum):
    """Where tractors may run, SJ-UNIT-2 (Tractors and lanes), SJ-UNIT-5 (Classic lanes)."""

    SEED = "seed"
    CLASSIC = "classic"


class KittyMultiplier(StrEnum):
    """The last-trick kitty bonus, SJ-TRICK-5 (The kitty bonus (抠底))."""

    POWER = "power"
    LINEAR = "linear"
    TIMES = "times"


@attrs.frozen(kw_only=True)
class Variant(VariantBase):
    """Every rule switch of four-deck Shengji.

    Load one with :func:`cardrules.shengji.load_variant`."""

    game = "shengji"

    players: int = switch(
        4,
        doc="Players, partners opposite (seat i is on team i mod 2).",
        choices=(4, 6),
        ruling="S-TABLE-1",
    )
    decks: int = switch(
        4, doc="Standard 54-card decks shuffled together.", minimum=1, maximum=8, ruling="S-TABLE-1"
    )
    kitty: int = switch(
        8, doc="Cards set aside as the kitty (底牌).", minimum=0, maximum=54, ruling="S-TABLE-1"
    )
    start_level: Rank = switch(
        Rank.TWO, doc="Both teams' level before the first round.", ruling="S-TRUMP-1"
    )
    fixed_twos: bool = switch(True, doc="Every 2 is a trump (固定主).", ruling="S-TRUMP-2")
    off_suit_order: OffSuitOrder = switch(
        OffSuitOrder.SUIT,
        doc="Off-suit level cards and 2s: 'suit' ranks ♠ > ♥ > ♣ > ♦, 'equal' makes them tie.",
        ruling="S-TRUMP-3",
    )
    tractor_lanes: TractorLanes = switch(
        TractorLanes.SEED,
        doc="'seed': separate trump, off-suit level and joker lanes; 'classic': one trump lane.",
        ruling="S-UNIT-2",
    )
    throw_penalty: int = switch(
        1,
        doc="Match points a failed throw costs its thrower.",
        minimum=0,
        maximum=100,
        ruling="S-THROW-2",
    )
    kitty_multiplier: KittyMultiplier = switch(
        KittyMultiplier.POWER,
        doc="Last-trick kitty bonus: 'power' 2^k, 'linear' k, 'times' 2k for a lead whose "
        "largest piece has k cards.",
        ruling="S-TRICK-3",
    )
    point_values: tuple[tuple[str, int], ...] = switch(
        (("5", 5), ("10", 10), ("K", 10)),
        doc="Points each rank carries (分牌).",
        keys=tuple(r.text for r in LEVEL_RANKS),
        ruling="S-TABLE-3",
    )

    def check(self) -> None:
        total = self.total_cards
        if self.kitty >= total:
            raise VariantError(
                f"{self.decks} deck(s) hold only {total} cards",
                key="kitty",
                value=self.kitty,
                allowed=f"0..{total - 1}",
            )
        if (total - self.kitty) % self.players:
            raise VariantError(
                f"{total} cards less a kitty of {self.kitty} do not divide among "
                f"{self.players} players (keys 'decks', 'kitty', 'players')",
                key="kitty",
                value=self.kitty,
                allowed=f"a kitty k with ({total} - k) divisible by {self.players}",
            )
