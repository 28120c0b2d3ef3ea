"""四副升级 variant switches (the clauses SJ-TABLE-1 (Seats and teams) … SJ-MATCH-3 (The match
score) say what each does). Preset: ``four-deck`` (seed 003).

The match switches are data, not code: the bid strength list and the frying order are lists of
bid tokens (:data:`BID_TOKENS`, read by :mod:`cardrules.shengji.bids`), the level table is a
table of point bands with the take-over threshold and its step (read by
:mod:`cardrules.shengji.levels`).
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from cardrules.cards import Rank
from cardrules.errors import VariantError
from cardrules.limits import quote
from cardrules.variant import LEVEL_RANKS, VariantBase, switch

__all__ = [
    "BID_TOKENS",
    "BidReinforce",
    "FollowProtection",
    "JackPenalty",
    "KittyMultiplier",
    "MatchScore",
    "NextBanker",
    "NoBidFirstRound",
    "OffSuitOrder",
    "ThrowBeat",
    "TractorLanes",
    "Variant",
]

_WIDTHS = ("single", "pair", "triple", "quad")
_SUIT_WORDS = ("spades", "hearts", "clubs", "diamonds")
#: Every token a bid or frying order may hold, SJ-BID-2 (The strength of a bid): ``W-level``
#: (W identical level cards of one suit, every suit alike), ``W-level-SUIT`` (of that suit),
#: ``W-jokers`` (W identical jokers, big above small), ``W-small-jokers``, ``W-big-jokers``;
#: W is single, pair, triple or quad (jokers from pair up).
BID_TOKENS: tuple[str, ...] = tuple(
    [f"{w}-level" for w in _WIDTHS]
    + [f"{w}-level-{s}" for w in _WIDTHS for s in _SUIT_WORDS]
    + [f"{w}-{j}" for w in _WIDTHS[1:] for j in ("jokers", "small-jokers", "big-jokers")]
)


class OffSuitOrder(StrEnum):
    """How off-suit level cards and 2s rank among themselves, SJ-TRUMP-3 (The order of trumps)."""

    SUIT = "suit"
    EQUAL = "equal"


class TractorLanes(StrEnum):
    """Where tractors may run, SJ-UNIT-2 (Tractors and lanes), SJ-UNIT-5 (Classic lanes)."""

    SEED = "seed"
    CLASSIC = "classic"


class FollowProtection(StrEnum):
    """What a follower may keep back when following shape, SJ-FOLLOW-8 (Protected holdings):
    ``none`` (the seed's ladder), ``longer_tuples`` (保护: only holdings of exactly a piece's
    width are owed for it), ``tractor_only`` (a tractor piece draws only tractors, then
    singles), ``longer_tuples_tractor_only`` (both), ``suit_only`` (only the suit is owed)."""

    NONE = "none"
    LONGER_TUPLES = "longer_tuples"
    TRACTOR_ONLY = "tractor_only"
    LONGER_TUPLES_TRACTOR_ONLY = "longer_tuples_tractor_only"
    SUIT_ONLY = "suit_only"


class ThrowBeat(StrEnum):
    """How a later ruff of a throw is compared with the ruff standing on it, SJ-THROW-7 (Ruffs
    of a throw compared): ``largest`` (the best piece of the throw's biggest shape), ``all``
    (piece by piece), ``highest`` (the highest card)."""

    LARGEST = "largest"
    ALL = "all"
    HIGHEST = "highest"


class KittyMultiplier(StrEnum):
    """The last-trick kitty bonus, SJ-TRICK-5 (The kitty bonus (抠底))."""

    POWER = "power"
    LINEAR = "linear"
    TIMES = "times"


class NoBidFirstRound(StrEnum):
    """What happens when nobody bids in the first round, SJ-BID-7 (Nobody bids)."""

    REDEAL = "redeal"
    FLIP_KITTY = "flip_kitty"


class NextBanker(StrEnum):
    """Who banks after the banker team holds, SJ-LEVEL-3 (The next banker)."""

    PARTNER = "partner"
    STAY = "stay"


class BidReinforce(StrEnum):
    """Whether the standing bidder may raise its own bid (加固), SJ-BID-10 (Reinforcing a bid):
    ``off`` never (不能自反), ``same_suit`` with more identical cards of the same face, ``any``
    with any stronger bid."""

    OFF = "off"
    SAME_SUIT = "same_suit"
    ANY = "any"


class JackPenalty(StrEnum):
    """打J被J扣底回2, SJ-LEVEL-5 (The jack penalty): ``off``; ``single_jack`` when the attackers
    win the last trick of a J round with a single J; ``any_jack`` with a play holding a J."""

    OFF = "off"
    SINGLE_JACK = "single_jack"
    ANY_JACK = "any_jack"


class MatchScore(StrEnum):
    """How the match score is kept, SJ-MATCH-3 (The match score): ``round`` (单局) settles each
    level risen at once against the other team; ``match`` (整局) adds the final level gap."""

    ROUND = "round"
    MATCH = "match"


def _score_of(rounds: int) -> MatchScore:
    """The match score ``match_rounds`` calls for, S-HOUSE-8: 整局 (``match``) for a match of N
    rounds, 单局 (``round``) for one played until a team passes A."""
    return MatchScore.MATCH if rounds > 0 else MatchScore.ROUND


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
        clauses=("SJ-TABLE-1", "SJ-TABLE-2"),
    )
    decks: int = switch(
        4,
        doc="Standard 54-card decks shuffled together.",
        minimum=1,
        maximum=8,
        ruling="S-TABLE-1",
        clauses=("SJ-TABLE-2",),
    )
    kitty: int = switch(
        8,
        doc="Cards set aside as the kitty (底牌).",
        minimum=0,
        maximum=54,
        ruling="S-TABLE-1",
        clauses=("SJ-TABLE-2",),
    )
    start_level: Rank = switch(
        Rank.TWO,
        doc="Both teams' level before the first round.",
        ruling="S-TRUMP-1",
        clauses=("SJ-TRUMP-1",),
    )
    fixed_twos: bool = switch(
        True, doc="Every 2 is a trump (固定主).", ruling="S-TRUMP-2", clauses=("SJ-TRUMP-2",)
    )
    off_suit_order: OffSuitOrder = switch(
        OffSuitOrder.SUIT,
        doc="Off-suit level cards and 2s: 'suit' ranks ♠ > ♥ > ♣ > ♦, 'equal' makes them tie.",
        ruling="S-TRUMP-3",
        clauses=("SJ-TRUMP-3",),
    )
    tractor_lanes: TractorLanes = switch(
        TractorLanes.SEED,
        doc="'seed': separate trump, off-suit level and joker lanes; 'classic': one trump lane.",
        ruling="S-UNIT-2",
        clauses=("SJ-UNIT-2", "SJ-UNIT-5"),
    )
    tractor_min_width: int = switch(
        2,
        doc="The narrowest tuples a tractor is made of: 2 (pairs), 3 (triples only) or 4 "
        "(quads only); at most the decks when above 2.",
        minimum=2,
        maximum=4,
        ruling="S-HOUSE-3, S-HOUSE-9",
        clauses=("SJ-UNIT-6",),
    )
    tractor_min_length: int = switch(
        2,
        doc="The fewest tuples in a row that make a tractor (3: two adjacent pairs are two pairs).",
        minimum=2,
        maximum=13,
        ruling="S-HOUSE-3, S-HOUSE-9",
        clauses=("SJ-UNIT-6",),
    )
    follow_protection: FollowProtection = switch(
        FollowProtection.NONE,
        doc="What a follower may keep back when following shape: 'none' (the seed's ladder); "
        "'longer_tuples' (保护: only holdings of exactly a piece's width are owed for it); "
        "'tractor_only' (a tractor piece draws tractors, then singles); "
        "'longer_tuples_tractor_only' (both); 'suit_only' (only the suit is owed).",
        ruling="S-HOUSE-1, S-HOUSE-9",
        clauses=("SJ-FOLLOW-8", "SJ-FOLLOW-9", "SJ-FOLLOW-10"),
    )
    throw_beat: ThrowBeat = switch(
        ThrowBeat.LARGEST,
        doc="How a later ruff of a throw beats the ruff standing on it: 'largest' (the best "
        "piece of the throw's biggest shape), 'all' (each piece beats its partner, strongest "
        "with strongest), 'highest' (the highest card).",
        ruling="S-HOUSE-2, S-HOUSE-9",
        clauses=("SJ-THROW-7",),
    )
    throw_penalty: int = switch(
        1,
        doc="Match points a failed throw costs its thrower.",
        minimum=0,
        maximum=100,
        ruling="S-THROW-2",
        clauses=("SJ-THROW-4", "SJ-MATCH-3"),
    )
    throw_penalty_points: int = switch(
        0,
        doc="Trick points a failed throw gives the other team: a banker-team thrower's go to "
        "the attackers, an attacker's are taken from them (their round total never below 0).",
        minimum=0,
        maximum=100,
        ruling="S-HOUSE-7, S-HOUSE-9",
        clauses=("SJ-THROW-8",),
    )
    kitty_multiplier: KittyMultiplier = switch(
        KittyMultiplier.POWER,
        doc="Last-trick kitty bonus: 'power' 2^k, 'linear' k, 'times' 2k for a lead whose "
        "largest piece has k cards.",
        ruling="S-TRICK-3",
        clauses=("SJ-TRICK-5",),
    )
    point_values: tuple[tuple[str, int], ...] = switch(
        (("5", 5), ("10", 10), ("K", 10)),
        doc="Points each rank carries (分牌), 0 to 100; a file takes a rank out with 0.",
        keys=tuple(r.text for r in LEVEL_RANKS),
        minimum=0,
        maximum=100,
        ruling="S-TABLE-3",
        clauses=("SJ-TABLE-4", "CORE-VARIANT-1"),
        merge="keys",
    )

    bid_order: tuple[str, ...] = switch(
        (
            "single-level",
            "pair-level",
            "pair-jokers",
            "triple-level",
            "triple-jokers",
            "quad-level",
            "quad-jokers",
        ),
        doc="Bids (亮主/反主) from weakest to strongest; a bid overcalls only a weaker one. "
        "Tokens: W-level, W-level-SUIT, W-jokers (big above small), W-small-jokers, "
        "W-big-jokers, W = single, pair, triple, quad.",
        choices=BID_TOKENS,
        ruling="S-BID-1",
        clauses=("SJ-BID-2",),
    )
    fry_order: tuple[str, ...] = switch(
        (
            "single-level",
            "pair-level-diamonds",
            "pair-level-clubs",
            "pair-level-hearts",
            "pair-level-spades",
            "pair-small-jokers",
            "pair-big-jokers",
            "quad-jokers",
        ),
        doc="What may fry the kitty (炒底), weakest first, in the tokens of bid_order; "
        "an empty list means no frying.",
        choices=BID_TOKENS,
        ruling="S-BID-6",
        clauses=("SJ-FRY-1", "SJ-FRY-2"),
    )
    bid_reinforce: BidReinforce = switch(
        BidReinforce.OFF,
        doc="Whether the standing bidder may overcall itself (加固), in bidding and frying: "
        "'off' (不能自反); 'same_suit' with more identical cards of its bid's suit (or joker); "
        "'any' with any stronger bid.",
        ruling="S-HOUSE-4, S-HOUSE-9",
        clauses=("SJ-BID-10",),
    )
    no_bid_first_round: NoBidFirstRound = switch(
        NoBidFirstRound.REDEAL,
        doc="When nobody bids in round 1: 'redeal', or 'flip_kitty' (the kitty sets trump and "
        "its first card the banker).",
        ruling="S-BID-4",
        clauses=("SJ-BID-7", "SJ-BID-8"),
    )
    level_bands: tuple[tuple[str, int], ...] = switch(
        (("0", 3), ("5", 2), ("80", 1)),
        doc="Below the take-over: the attackers' points from which each band starts, and the "
        "levels the banker team rises in it, 1 to 13 (大光, 小光, a hold); one ladder, set whole.",
        minimum=1,
        maximum=13,
        ruling="S-LEVEL-1",
        clauses=("SJ-LEVEL-1", "CORE-VARIANT-1"),
        merge="whole",
    )
    takeover_points: int = switch(
        160,
        doc="Attackers' points that take the bank (上台).",
        minimum=1,
        maximum=2000,
        ruling="S-LEVEL-1",
        clauses=("SJ-LEVEL-1",),
    )
    points_per_level: int = switch(
        80,
        doc="Past the take-over, the attackers rise one level per this many points.",
        minimum=1,
        maximum=2000,
        ruling="S-LEVEL-1",
        clauses=("SJ-LEVEL-1",),
    )
    next_banker: NextBanker = switch(
        NextBanker.PARTNER,
        doc="Who banks after the banker team holds: 'partner' (the banker's partner) or "
        "'stay'; after a loss it is always the old banker's next seat.",
        ruling="S-LEVEL-3",
        clauses=("SJ-LEVEL-3",),
    )
    jack_penalty: JackPenalty = switch(
        JackPenalty.OFF,
        doc="打J被J扣底回2: when the round's level is J and the attackers win the last trick with "
        "a single J ('single_jack') or a play holding a J ('any_jack'), the banker team's level "
        "falls to 2 (whatever else the round did); 'off' never.",
        ruling="S-HOUSE-6, S-HOUSE-9",
        clauses=("SJ-LEVEL-5",),
    )
    gates: tuple[str, ...] = switch(
        (),
        doc="Gate levels (必打): a rise stops on a gate, and a team at a gate passes it only by "
        "winning a round as banker there; with A a gate the match is won by holding at A.",
        choices=tuple(r.text for r in LEVEL_RANKS),
        ruling="S-HOUSE-5, S-HOUSE-9",
        clauses=("SJ-LEVEL-4",),
    )
    match_rounds: int = switch(
        0,
        doc="Rounds in a match (整局); 0 plays until a team rises past A.",
        minimum=0,
        maximum=100,
        ruling="S-LEVEL-2",
        clauses=("SJ-MATCH-2",),
    )
    match_score: MatchScore = switch(
        MatchScore.ROUND,
        doc="'round' (单局): each level risen is worth score_per_level to each of the team's "
        "players and costs each opponent as much; 'match' (整局): each level risen is worth "
        "score_per_level, and the final level gap times it moves from the trailing team's "
        "players to the leading team's. Follows match_rounds: 'match' for N > 0, else 'round'.",
        ruling="S-LEVEL-4, S-HOUSE-8",
        clauses=("SJ-MATCH-3",),
        follows=("match_rounds", _score_of),
    )
    score_per_level: int = switch(
        3,
        doc="Match points per level risen (and per level of the final gap).",
        minimum=0,
        maximum=100,
        ruling="S-LEVEL-4",
        clauses=("SJ-MATCH-3",),
    )

    def check(self) -> None:
        self._check_cards()
        if self.tractor_min_width > max(2, self.decks):
            raise VariantError(
                f"{self.decks} deck(s) (key 'decks') hold no tuple of "
                f"{self.tractor_min_width} identical cards, so no tractor could ever be made",
                key="tractor_min_width",
                value=self.tractor_min_width,
                allowed=f"2..{max(2, self.decks)}",
            )
        for key in ("bid_order", "fry_order"):
            _check_order(key, getattr(self, key), allow_empty=key == "fry_order")
        self._check_declarable()
        self._check_bands()
        if self.match_score is MatchScore.MATCH and self.match_rounds == 0:
            raise VariantError(
                "'match' (整局) settles the final level gap of a match of a fixed number of "
                "rounds, and 'match_rounds' = 0 plays until a team passes A; set one of them "
                "only (match_score follows match_rounds)",
                key="match_score",
                value=self.match_score.value,
                allowed=(MatchScore.ROUND.value,),
            )

    def _check_declarable(self) -> None:
        """Some bid must be able to declare first (level cards the decks hold, or four jokers,
        SJ-BID-3 (Jokers bid no-trump)) — else nobody ever declares and round 1 is dealt again
        forever."""
        widths = {"single": 1, "pair": 2, "triple": 3, "quad": 4}
        for token in self.bid_order:
            word, _, what = token.partition("-")
            width = widths[word]
            if width <= self.decks and (what.startswith("level") or width == 4):
                return
        raise VariantError(
            f"with {self.decks} deck(s) no bid of this order can declare first (key 'decks')",
            key="bid_order",
            allowed="a level-card bid of at most 'decks' cards, or four jokers with four decks",
        )

    def _check_bands(self) -> None:
        bands = dict(self.level_bands)
        allowed = f"point bands 0..{self.takeover_points - 1} (one at 0) to rises of 1 or more"
        for key, rise in self.level_bands:
            if not key.isascii() or not key.isdigit() or len(key) > 5:
                raise VariantError(
                    f"a band starts at a number of points, got {quote(key)}",
                    key="level_bands",
                    allowed=allowed,
                )
            if int(key) >= self.takeover_points:
                raise VariantError(
                    f"the band at {key} points lies at or past the take-over "
                    f"({self.takeover_points}, key 'takeover_points')",
                    key="level_bands",
                    allowed=allowed,
                )
            if rise < 1:
                raise VariantError(
                    f"a banker team that holds rises at least one level, band {key} gives {rise}",
                    key="level_bands",
                    allowed=allowed,
                )
        if "0" not in bands:
            raise VariantError("the bands start at 0 points", key="level_bands", allowed=allowed)
        # One table, one value: bands in point order, however the file listed them.
        ordered = tuple(sorted(self.level_bands, key=lambda band: int(band[0])))
        object.__setattr__(self, "level_bands", ordered)

    def _check_cards(self) -> None:
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


def _check_order(key: str, order: tuple[str, ...], *, allow_empty: bool) -> None:
    """A bid or frying order names each token once, and a shape either for every suit (or joker)
    alike or one by one, never both — otherwise a bid's strength would be ambiguous."""
    allowed = "distinct tokens of " + ", ".join(BID_TOKENS[:5]) + " …"
    if not order and not allow_empty:
        raise VariantError("at least one bid is needed", key=key, allowed=allowed)
    if len(set(order)) != len(order):
        raise VariantError("a token is listed twice", key=key, allowed=allowed)
    for token in order:
        width, _, what = token.partition("-")
        general = f"{width}-level" if what.startswith("level") else f"{width}-jokers"
        if token != general and general in order:
            raise VariantError(
                f"{token!r} and {general!r} both rank the same bid", key=key, allowed=allowed
            )
