"""What a simulation measures, and how sure it is: samples per game, estimates with intervals.

Each game has a :class:`Tallier` (``cardrules.<game>.stats``) that watches one game between bots
— every move with the state before it and the events after — and hands back a
:class:`GameTally`: named samples, each a list of numbers. A count for the whole game ("4A4s
played") is one number per game; a per-round measure ("the ruling team kept the table") is one
number per round, 0 or 1 for a yes/no. Every tally also counts each event by name, so a phase a
game adds (a tribute, a rebellion) is counted without a line of code here.

:func:`estimate` turns the samples of many games into a mean with a 95% interval — Wilson's for
a yes/no rate, the normal one for the rest — and :func:`compare` says how far variant B moves a
measure from variant A, with the interval of the difference. Tallies are merged in game order,
so the figures are the same however the games were split between workers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Protocol, TypeVar

import attrs

from cardrules.errors import CardrulesError
from cardrules.events import Event
from cardrules.game import GameState, MoveLike
from cardrules.jsonio import JSONObject

__all__ = [
    "Comparison",
    "DuelScorer",
    "DuelTally",
    "Estimate",
    "GameTally",
    "Tallier",
    "TallyBuilder",
    "compare",
    "estimate",
    "merge",
    "score_estimate",
]

M = TypeVar("M", bound=MoveLike)
M_contra = TypeVar("M_contra", bound=MoveLike, contravariant=True)

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class GameTally:
    """What one game produced: ``counts`` (how often something happened in the game; a name
    missing is 0) and ``samples`` (measures taken during it, e.g. one per round)."""

    counts: Mapping[str, int]
    samples: Mapping[str, tuple[float, ...]]
    #: The samples that are yes/no (each value 0 or 1): their mean is a rate.
    rates: frozenset[str] = frozenset()


class Tallier(Protocol[M]):
    """Watches one game between bots (built fresh for each game)."""

    def observe(self, before: GameState[M], move: M, events: tuple[Event, ...]) -> None:
        """Called after each move with the state it was played in and what it did."""
        ...

    def finish(self, final: GameState[M]) -> GameTally:
        """The game's samples, once it is over."""
        ...


class TallyBuilder:
    """Collects samples: :meth:`count` for per-game counts, :meth:`sample` for per-round ones.
    Every name counted anywhere is reported for every game (0 when it never happened)."""

    def __init__(self, counted: Iterable[str] = ()) -> None:
        self._counts: dict[str, int] = dict.fromkeys(counted, 0)
        self._samples: dict[str, list[float]] = {}
        self._rates: set[str] = set()

    def count(self, name: str, n: int = 1) -> None:
        """Add ``n`` to the per-game count ``name``."""
        self._counts[name] = self._counts.get(name, 0) + n

    def events(self, events: Iterable[Event]) -> None:
        """Count each event by name (``event.<name>``)."""
        for event in events:
            self.count(f"event.{event.NAME}")

    def sample(self, name: str, value: float) -> None:
        """A measure taken once (a round's points)."""
        self._samples.setdefault(name, []).append(float(value))

    def happened(self, name: str, yes: bool) -> None:
        """A yes/no measure taken once (did the ruling team keep the table this round?)."""
        self._rates.add(name)
        self.sample(name, yes)

    def build(self) -> GameTally:
        """The game's counts and samples, collected so far."""
        samples = {name: tuple(values) for name, values in self._samples.items()}
        return GameTally(dict(self._counts), samples, frozenset(self._rates))


def merge(tallies: Sequence[GameTally], counted: Iterable[str] = ()) -> dict[str, list[float]]:
    """Every measure of ``tallies``, by name, its values in game order: a count gives one
    value per game (0 in a game where it never happened — also for the names in ``counted``,
    which another variant counted), a sample all its values."""
    counted = sorted({name for t in tallies for name in t.counts}.union(counted))
    out: dict[str, list[float]] = {name: [] for name in counted}
    for tally in tallies:
        for name in counted:
            out[name].append(float(tally.counts.get(name, 0)))
        for name, values in tally.samples.items():
            out.setdefault(name, []).extend(values)
    return dict(sorted(out.items()))


@attrs.frozen
class Estimate:
    """A measure over many samples: how many, their mean, spread, 95% interval and quantiles."""

    n: int
    mean: float
    sd: float
    low: float
    high: float
    quantiles: tuple[float, float, float]  # 10%, 50%, 90%
    binary: bool

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval."""
        return (self.high - self.low) / 2

    def to_json(self) -> JSONObject:
        """The estimate as JSON: count, mean, standard deviation, 95% interval, the 10th, 50th and
        90th percentiles, and whether it is a rate."""
        return {
            "n": self.n,
            "mean": _round(self.mean),
            "sd": _round(self.sd),
            "low": _round(self.low),
            "high": _round(self.high),
            "p10": _round(self.quantiles[0]),
            "p50": _round(self.quantiles[1]),
            "p90": _round(self.quantiles[2]),
            "rate": self.binary,
        }


def _round(x: float) -> float:
    return round(x, 6)


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between order statistics."""
    if len(ordered) == 1:
        return ordered[0]
    pos = q * (len(ordered) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def estimate(values: Sequence[float], *, rate: bool = False) -> Estimate:
    """The mean of ``values`` with a 95% interval: Wilson's for a ``rate`` (every value 0 or
    1), else mean ± 1.96·sd/√n. Needs at least one value."""
    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    ordered = sorted(values)
    quantiles = (_quantile(ordered, 0.1), _quantile(ordered, 0.5), _quantile(ordered, 0.9))
    binary = rate
    if binary and not all(v in (0.0, 1.0) for v in values):
        raise CardrulesError("a rate's values are 0 or 1")
    if binary:
        low, high = _wilson(mean, n)
    else:
        half = Z95 * sd / math.sqrt(n)
        low, high = mean - half, mean + half
        if ordered[0] >= 0:  # a count or a score that cannot be negative
            low = max(low, 0.0)
    return Estimate(n, mean, sd, low, high, quantiles, binary)


def _wilson(mean: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a rate ``mean`` over ``n`` trials."""
    z2 = Z95 * Z95
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def score_estimate(values: Sequence[float]) -> Estimate:
    """The mean of scores between 0 and 1 (a duel's deal: 1, ½ or 0) with Wilson's 95%
    interval for its mean and count: a score in 0 … 1 varies at most as a yes/no of the same
    mean does, so the interval is never too narrow — where the normal one shrinks to nothing
    when every deal scores the same."""
    if not values or not all(0.0 <= v <= 1.0 for v in values):
        raise CardrulesError("scores are between 0 and 1, at least one")
    plain = estimate(values)
    low, high = _wilson(plain.mean, plain.n)
    return attrs.evolve(plain, low=low, high=high)


@attrs.frozen
class Comparison:
    """Variant B against variant A on one measure: B's mean minus A's, with its 95% interval
    (normal, from both standard errors); ``clear`` when the interval leaves out 0."""

    difference: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the 95% interval of the difference leaves out 0 (the command line stars it)."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> JSONObject:
        """The difference and its 95% interval as JSON, with ``clear``."""
        return {
            "difference": _round(self.difference),
            "low": _round(self.low),
            "high": _round(self.high),
            "clear": self.clear,
        }


def compare(a: Estimate, b: Estimate) -> Comparison:
    """How far B's mean is from A's, with a 95% interval."""

    def variance_of_mean(e: Estimate) -> float:
        if e.binary:  # the plain binomial variance, floored so a 0% or 100% rate is not exact
            p = min(max(e.mean, 0.5 / e.n), 1 - 0.5 / e.n)
            return p * (1 - p) / e.n
        return e.sd * e.sd / e.n

    difference = b.mean - a.mean
    half = Z95 * math.sqrt(variance_of_mean(a) + variance_of_mean(b))
    return Comparison(difference, difference - half, difference + half)


class DuelScorer(Protocol):
    """Scores one game of a duel for team 0 (the even seats), from the events alone: each
    round's result as it is settled, and the whole game's (``cardrules.<game>.stats.Duel``)."""

    #: The unit of the margin: ``"levels"``, ``"points"``.
    UNIT: ClassVar[str]

    def observe(self, events: tuple[Event, ...]) -> None:
        """Called with the events of each move, in order."""
        ...

    @property
    def rounds(self) -> Sequence[tuple[float, float]]:
        """Team 0's result of each round settled so far: its score (1 won, 0 lost, ½ a draw)
        and its margin (the game's unit: levels, points)."""
        ...

    def game(self) -> tuple[float, float]:
        """Team 0's score and margin over the whole game (once it is over; a game of one round
        is that round)."""
        ...


class DuelTally:
    """What both games' duel scorers share: team 0's result of each round settled so far and the
    match's winner, read back as :class:`DuelScorer` asks (a game's ``Duel`` adds ``observe``,
    which fills ``_rounds`` and ``_winner``)."""

    __slots__ = ("_rounds", "_winner")

    def __init__(self) -> None:
        self._rounds: list[tuple[float, float]] = []
        #: Team 0's score of the whole match, once it is over (``None``: not over, or no match).
        self._winner: float | None = None

    @property
    def rounds(self) -> list[tuple[float, float]]:
        """Team 0's score and margin in each round settled so far."""
        return list(self._rounds)

    def game(self) -> tuple[float, float]:
        """Team 0's score and margin over the game: the match's winner and the sum of the
        rounds' margins (a game of one round: that round)."""
        margin = math.fsum(m for _, m in self._rounds)
        if self._winner is not None:
            return self._winner, margin
        return (self._rounds[-1][0] if self._rounds else 0.5), margin
