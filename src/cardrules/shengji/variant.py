"""四副升级 variant switches (rulings S-TABLE … S-LEVEL). Preset: ``four-deck`` (seed 003)."""

from __future__ import annotations

import attrs

from cardrules.errors import VariantError
from cardrules.variant import VariantBase, switch

__all__ = ["Variant"]

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


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
    start_level: str = switch(
        "2", doc="Both teams' level before the first round.", choices=_RANKS, ruling="S-TRUMP-1"
    )
    fixed_twos: bool = switch(True, doc="Every 2 is a trump (固定主).", ruling="S-TRUMP-2")
    off_suit_order: str = switch(
        "suit",
        doc="Off-suit level cards and 2s: 'suit' ranks ♠ > ♥ > ♣ > ♦, 'equal' makes them tie.",
        choices=("suit", "equal"),
        ruling="S-TRUMP-3",
    )
    tractor_lanes: str = switch(
        "seed",
        doc="'seed': separate trump, off-suit level and joker lanes; 'classic': one trump lane.",
        choices=("seed", "classic"),
        ruling="S-UNIT-2",
    )
    throw_penalty: int = switch(
        1,
        doc="Match points a failed throw costs its thrower.",
        minimum=0,
        maximum=100,
        ruling="S-THROW-2",
    )
    kitty_multiplier: str = switch(
        "power",
        doc="Last-trick kitty bonus: 'power' 2^k, 'linear' k, 'times' 2k for a lead whose "
        "largest piece has k cards.",
        choices=("power", "linear", "times"),
        ruling="S-TRICK-3",
    )
    point_values: tuple[tuple[str, int], ...] = switch(
        (("5", 5), ("10", 10), ("K", 10)),
        doc="Points each rank carries (分牌).",
        keys=_RANKS,
        ruling="S-TABLE-3",
    )

    def check(self) -> None:
        total = self.decks * 54
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
