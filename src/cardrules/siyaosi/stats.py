"""What a 四幺四 simulation counts (a :class:`~cardrules.stats.Tallier`).

Per game (a match where the game has one): each event by name (``event.chain-step``,
``event.round-over`` …), each move by kind (``move.cha``, ``move.gou``, ``move.chi``,
``move.capture``,
``move.pass``), each combination played by name (``play.4a4``, ``play.bomb`` …, 4A4-COMBO-1 (Only
the listed combinations exist)), and the rounds (``game.rounds``); in a match the tribute phase's
events count too (``event.rebelled``, ``event.suppressed``, ``event.tribute-paid`` …, 4A4-TRIB-5
(Rebellion)). Per round: whether the ruling team kept the table (``round.ruling-holds``,
4A4-ROUND-3 (Who rules next)), how many seats were caught (``round.caught``), the one-deck outcome
as yes/no rates (``round.sweep``, ``round.reverse-sweep``, ``round.split``, 4A4-ROUND-2 (Sweep,
reverse sweep, split)) and the moves the round took (``round.moves``); with a scoring table, the
points the round's scoring team took (``round.points``, 4A4-SCORE-1 (The scoring table)) and, per
match, the final score gap (``game.score-gap``). What the house rules change, per round of a
match: whether a gate held the rising team below where its catches would take it
(``round.gate-held``, 4A4-LEVEL-3 (Gates)) and whether a team fell back (``round.drop-back``,
4A4-LEVEL-6 (Drop-backs)); a 点 on a dead 叉 counts as ``move.gou`` and a rebellion that cancels
the tribute as ``event.rebelled`` (4A4-DEAD-2 (点 ends the trick), 4A4-TRIB-11 (A rebellion that
cancels the tribute)).
"""

from __future__ import annotations

from typing import ClassVar

from cardrules.events import Event
from cardrules.game import GameState
from cardrules.siyaosi.calls import classify
from cardrules.siyaosi.events import LevelsChanged, MatchWon, MovePlayed, RoundOver, ScoreChanged
from cardrules.siyaosi.levels import after_round
from cardrules.siyaosi.match.state import Match
from cardrules.siyaosi.moves import PLAY, Move, MoveKind
from cardrules.siyaosi.result import Outcome, RoundResult
from cardrules.siyaosi.state import State
from cardrules.stats import DuelTally, GameTally, TallyBuilder

__all__ = ["Duel", "Tally"]


class Tally:
    """Counts one 四幺四 game between bots."""

    def __init__(self) -> None:
        self.builder = TallyBuilder(f"move.{kind}" for kind in MoveKind)
        self.rounds = 0
        self.moves = 0
        self.last: RoundResult | None = None

    def observe(self, before: GameState[Move], move: Move, events: tuple[Event, ...]) -> None:
        """Count what ``move``, played in ``before``, did: moves by kind, plays by combination,
        events, rounds and their results."""
        b = self.builder
        b.events(events)
        self.moves += 1
        for event in events:
            if isinstance(event, MovePlayed):
                b.count(f"move.{event.kind}")
                state = before.play if isinstance(before, Match) else before
                if event.kind == PLAY and event.cards is not None and isinstance(state, State):
                    combo = classify(event.cards, state.table, event.seat)
                    if combo is not None:
                        b.count(f"play.{combo.name}")
            elif isinstance(event, RoundOver):
                self._round(event)
                self.last = event.result
            elif isinstance(event, LevelsChanged) and isinstance(before, Match):
                self._levels(before, event)
            elif isinstance(event, ScoreChanged):
                b.sample("round.points", max(event.points))
            elif isinstance(event, MatchWon):
                b.count("game.score-gap", abs(event.score[0] - event.score[1]))

    def _round(self, event: RoundOver) -> None:
        b, r = self.builder, event.result
        self.rounds += 1
        b.sample("round.moves", self.moves)
        self.moves = 0
        b.sample("round.caught", len(r.caught))
        if r.ruling is not None:
            b.happened("round.ruling-holds", r.next_ruling == r.ruling)
        if r.outcome is not None:
            for outcome in Outcome:
                b.happened(f"round.{outcome}", r.outcome is outcome)

    def _levels(self, before: Match, event: LevelsChanged) -> None:
        """A round's levels: held at a gate (the same round without gates would have taken the
        rising team higher), a team fallen back."""
        b = self.builder
        b.happened(
            "round.drop-back", any(a < s for s, a in zip(event.before, event.after, strict=True))
        )
        if self.last is None:
            return
        variant = before.variant
        if variant.gates:
            free = after_round(variant.replace(gates=[]), event.before, before.ruling, self.last)
            held = any(a < f for a, f in zip(event.after, free.levels, strict=True))
            b.happened("round.gate-held", held)
        else:
            b.happened("round.gate-held", False)

    def finish(self, final: GameState[Move]) -> GameTally:
        """The game's counts and samples, once it is over."""
        self.builder.count("game.rounds", self.rounds)
        return self.builder.build()


class Duel(DuelTally):
    """Team 0's results in a duel of 四幺四 bots (a :class:`~cardrules.stats.DuelScorer`): a
    round is won by the team of the first seat out (the better finish, 4A4-ROUND-1 (Emperor, end,
    catching)); its margin is team 0's level rise less team 1's (4A4-LEVEL-2 (Rising by
    catches)); a match is won by the team that wins it, with the sum of the rounds' margins."""

    UNIT: ClassVar[str] = "levels"
    __slots__ = ()

    def observe(self, events: tuple[Event, ...]) -> None:
        """Read a move's events: a round over, the levels it changed, the match won."""
        for event in events:
            if isinstance(event, RoundOver):
                self._rounds.append((1.0 if event.result.emperor % 2 == 0 else 0.0, 0.0))
            elif isinstance(event, LevelsChanged) and self._rounds:
                rise = [int(a) - int(b) for b, a in zip(event.before, event.after, strict=True)]
                self._rounds[-1] = (self._rounds[-1][0], float(rise[0] - rise[1]))
            elif isinstance(event, MatchWon):
                self._winner = 1.0 if event.team == 0 else 0.0
