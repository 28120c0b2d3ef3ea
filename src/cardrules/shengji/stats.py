"""What a Shengji simulation counts (a :class:`~cardrules.stats.Tallier`).

Per game (a match where the game has one): each event by name (``event.throw-failed``,
``event.round-over`` …), each lead by combination (``lead.tractor``, ``lead.throw`` …,
SJ-UNIT-3 (One combination at a time, of one suit)), ruffs — a plain lead answered with trumps
only (``follow.ruff``, 毙, SJ-FOLLOW-6 (Ruffs and discards are follows)) — and the rounds
(``game.rounds``). Per round: the attackers' points (``round.attacker-points``), what the kitty
added on the last trick (``round.kitty-bonus``) and the moves the round took (``round.moves``);
in a match also whether the banker team held (``round.banker-holds``, SJ-LEVEL-1 (The level
table)) and whether it held in the variant's first band (``round.big-shutout``, 大光) or its
second (``round.small-shutout``, 小光). What the house rules change: whether a gate held a team
back (``round.gate-held``, SJ-LEVEL-4 (Gates)), whether the jack penalty sent the banker team to 2
(``round.jack-drop``, SJ-LEVEL-5 (The jack penalty)), the trick points failed throws moved to the
attackers (``round.throw-points``, SJ-THROW-8 (Trick points for a failed throw)), and per game the
bids and fries a standing bidder made over its own bid (``bid.reinforced``, SJ-BID-10 (Reinforcing
a bid)) and the follows only the table's protection allows, which the seed's follow rule refuses
(``follow.protected``, SJ-FOLLOW-8 (Protected holdings)).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from cardrules.events import Event
from cardrules.game import GameState
from cardrules.shengji.combos import CombinationName, classify
from cardrules.shengji.events import (
    KittyCounted,
    MatchOver,
    MovePlayed,
    RoundOver,
    RoundScored,
)
from cardrules.shengji.follow import explain_follow
from cardrules.shengji.levels import band_rise
from cardrules.shengji.match import Match
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.order import TRUMP, Table
from cardrules.shengji.state import State
from cardrules.shengji.variant import FollowProtection
from cardrules.stats import DuelTally, GameTally, TallyBuilder

__all__ = ["Duel", "Tally"]


def _seed_ladder(ctx: Table) -> tuple[int, int, bool, bool]:
    """``ctx``'s ladder rule without protection: its tractor sizes, every step owed."""
    return (ctx.min_width, ctx.min_length, False, False)


class Tally:
    """Counts one Shengji game between bots."""

    def __init__(self) -> None:
        counted = [f"lead.{name}" for name in CombinationName]
        counted += ["follow.ruff", "follow.protected", "bid.reinforced"]
        self.builder = TallyBuilder(counted)
        self.rounds = 0
        self.moves = 0

    def observe(self, before: GameState[Move], move: Move, events: tuple[Event, ...]) -> None:
        """Count what ``move``, played in ``before``, did: leads by shape, ruffs, the kitty's bonus,
        rounds and their lengths."""
        b = self.builder
        b.events(events)
        self.moves += 1
        if (
            isinstance(before, Match)
            and move.kind in (MoveKind.BID, MoveKind.FRY)
            and before.bid is not None
            and before.bid.seat == move.seat
        ):
            b.count("bid.reinforced")
        for event in events:
            if isinstance(event, MovePlayed) and event.kind == MoveKind.PLAY:
                state = before.play if isinstance(before, Match) else before
                if isinstance(state, State):
                    self._play(state, event)
            elif isinstance(event, KittyCounted):
                b.sample("round.kitty-bonus", event.bonus.points)
            elif isinstance(event, RoundOver):
                self.rounds += 1
                b.sample("round.moves", self.moves)
                self.moves = 0
                b.sample("round.attacker-points", event.result.attacker_points)
                b.sample("round.throw-points", event.result.throw_points)
            elif isinstance(event, RoundScored) and isinstance(before, Match):
                self._scored(before, event)

    def _scored(self, before: Match, event: RoundScored) -> None:
        """The banker's hold and the shutouts: 大光 is a hold in the lowest band of
        ``level_bands``, 小光 one in the next."""
        b, settled = self.builder, event.settlement
        b.happened("round.banker-holds", settled.holds)
        starts = sorted(int(start) for start, _ in before.variant.level_bands)
        band = sum(1 for start in starts if settled.attacker_points >= start) - 1
        b.happened("round.big-shutout", settled.holds and band == 0)
        b.happened("round.small-shutout", settled.holds and band == 1)
        variant = before.variant
        if settled.holds:
            free = band_rise(settled.attacker_points, variant)
        else:
            free = (settled.attacker_points - variant.takeover_points) // variant.points_per_level
        held_back = not settled.past_a and not settled.dropped and settled.rises < free
        b.happened("round.gate-held", bool(variant.gates) and held_back)
        b.happened("round.jack-drop", settled.dropped)

    def _play(self, before: State, event: MovePlayed) -> None:
        ctx = before.ctx
        if event.cards is None:  # a tally sees every event in full: never so
            return
        if not before.trick:
            combo = classify(event.cards, ctx)
            if combo is not None:
                self.builder.count(f"lead.{combo.name}")
            return
        led = {ctx.suit_keys[c.index] for c in before.trick[0].cards}
        played = {ctx.suit_keys[c.index] for c in event.cards}
        if TRUMP not in led and played == {TRUMP}:
            self.builder.count("follow.ruff")
        if before.variant.follow_protection is not FollowProtection.NONE:
            lead = classify(before.trick[0].cards, ctx)
            seed = attrs.evolve(ctx, ladder_rule=_seed_ladder(ctx), protect_longer=False)
            hand = before.hands[event.seat]
            if lead is not None and explain_follow(lead, hand, event.cards, seed) is not None:
                self.builder.count("follow.protected")

    def finish(self, final: GameState[Move]) -> GameTally:
        """The game's counts and samples, once it is over."""
        self.builder.count("game.rounds", self.rounds)
        return self.builder.build()


class Duel(DuelTally):
    """Team 0's results in a duel of Shengji bots (a :class:`~cardrules.stats.DuelScorer`): a
    round is won by the team whose level rises — the banker team when it holds, else the
    attackers (SJ-LEVEL-1 (The level table)); its margin is team 0's points less team 1's, the
    kitty included (SJ-TRICK-8 (End of the round)); a match is won by the team that wins it (a
    drawn match: ½), with the sum of the rounds' margins."""

    UNIT: ClassVar[str] = "points"
    __slots__ = ()

    def observe(self, events: tuple[Event, ...]) -> None:
        """Read a move's events: a round's points, its settlement, the match over."""
        for event in events:
            if isinstance(event, RoundOver):
                r = event.result
                banker_team = r.banker % 2
                mine = r.banker_points - r.attacker_points
                margin = float(mine if banker_team == 0 else -mine)
                self._rounds.append((0.5 if margin == 0 else float(margin > 0), margin))
            elif isinstance(event, RoundScored) and self._rounds:
                s = event.settlement
                self._rounds[-1] = (float(s.rising_team == 0), self._rounds[-1][1])
            elif isinstance(event, MatchOver):
                self._winner = 0.5 if event.winner is None else float(event.winner == 0)
