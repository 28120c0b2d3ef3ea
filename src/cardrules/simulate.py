"""``cardrules simulate``: bots play many games of one or more variants; what a house-rule
designer asks, with 95% intervals, variant against variant.

Game ``i`` of a simulation is dealt from ``derive_seed(seed, i)`` and its bots draw from
``derive_seed(seed, i, 1)`` — for every variant, so two variants are compared on the same deals
— and plays what a record replays (a whole match where the game has one, else one round). Each
game's :class:`~cardrules.stats.GameTally` comes back to the caller, which puts them in game
order before adding anything up: the figures are the same to the last digit whether the games
ran in this process, on every local core, or on a Dask cluster.

The work is split into :class:`Job` objects — plain data, so they travel to another process or
machine — run by :func:`run_job`. Local runs use :mod:`concurrent.futures` processes; a cluster
run hands the same jobs to an existing Dask scheduler through ``distributed`` (the optional
``cluster`` extra), whose workers need cardrules installed at the same version.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

import attrs
from rich.table import Table

from cardrules import args
from cardrules.bots import Bot, turns
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.game import GameState, GameView, MoveLike
from cardrules.jsonio import FORMAT, JSONObject
from cardrules.registry import GameEntry, TableUser, game_named, resolve_bot
from cardrules.rng import SeededRandom, derive_seed
from cardrules.stats import (
    Comparison,
    Estimate,
    GameTally,
    TallyBuilder,
    compare,
    estimate,
    merge,
    score_estimate,
)
from cardrules.variant import VariantBase, variant_from_table

__all__ = [
    "CONNECT_TIMEOUT",
    "MAX_GAMES",
    "MAX_VARIANTS",
    "DuelFigures",
    "Job",
    "Measure",
    "Simulation",
    "VariantFigures",
    "check_cluster_address",
    "plan",
    "run_job",
    "simulate",
    "tables",
]

M = TypeVar("M", bound=MoveLike)

#: The most games one simulation plays (per variant).
MAX_GAMES = 1_000_000
#: The most variants one simulation compares.
MAX_VARIANTS = 64
#: The most moves one game between bots may take before it is called a bug.
MAX_GAME_MOVES = 1_000_000


@attrs.frozen
class Job:
    """Games ``first`` … ``first + count - 1`` of variant number ``label``: plain data."""

    game: str
    label: int
    variant: Mapping[str, object]
    seed: int
    bot: str
    first: int
    count: int
    #: A duel's bots (A, B): each deal is played twice, A on the even seats then on the odd ones.
    bots: tuple[str, str] | None = None
    #: Play the first round of each match only (settled with every phase of it).
    rounds: bool = False


class _OneGame:
    """A :class:`~cardrules.registry.TableUser` that plays one game between bots and tallies it."""

    def __init__(self, bot: str, seed: int) -> None:
        self.bot = bot
        self.seed = seed

    def __call__(self, state: GameState[M], game: GameEntry[M]) -> GameTally:
        make = resolve_bot(game.bots, self.bot)
        if game.tally is None:
            raise CardrulesError(f"{game.name} has nothing to tally")
        bots: list[Bot[M]] = [make() for _ in range(state.players)]
        tally = game.tally()
        before = state
        rng = SeededRandom(self.seed)
        for after, turn in turns(state, bots, rng, max_moves=MAX_GAME_MOVES):
            tally.observe(before, turn.move, turn.events)
            before = after
        return tally.finish(before)


class _Counted(Generic[M]):
    """A bot whose ``choose`` calls are counted and timed (CPU seconds)."""

    __slots__ = ("bot", "calls", "seconds")

    def __init__(self, bot: Bot[M]) -> None:
        self.bot = bot
        self.calls = 0
        self.seconds = 0.0

    def choose(self, view: GameView[M], rng: random.Random) -> M | None:
        """The wrapped bot's choice, counted and timed."""
        started = time.process_time()
        move = self.bot.choose(view, rng)
        self.seconds += time.process_time() - started
        self.calls += 1
        return move


#: The names of the samples a duel's game gives (A's figures).
DUEL_SCORE, DUEL_MARGIN = "duel.score", "duel.margin"
DUEL_ROUND_SCORE, DUEL_ROUND_MARGIN = "duel.round-score", "duel.round-margin"
DUEL_DECISIONS, DUEL_SECONDS = "duel.decisions", "duel.seconds"


class _DuelDeal:
    """A :class:`~cardrules.registry.TableUser` that plays one deal of a duplicate duel twice —
    bot A on the even seats (team 0) and B on the odd ones, then the other way round, the bots
    drawing from the same seed both times — and gives A's score on the deal (the mean of its two
    results: 1 won, 0 lost, ½ drawn), its margin, its result in every round, and the decisions
    made with the CPU seconds they took."""

    def __init__(self, bots: tuple[str, str], rounds: bool, seed: int) -> None:
        self.bots = bots
        self.rounds = rounds
        self.seed = seed

    def __call__(self, state: GameState[M], game: GameEntry[M]) -> GameTally:
        make_a, make_b = (resolve_bot(game.bots, name) for name in self.bots)
        if game.duel is None:
            raise CardrulesError(f"{game.name} cannot score a duel", code="unknown-bot")
        tally = TallyBuilder()
        scores, margins = [], []
        for a_team in (0, 1):
            seated = [
                _Counted(make_a() if seat % 2 == a_team else make_b())
                for seat in range(state.players)
            ]
            scorer = game.duel()
            bots: list[Bot[M]] = list(seated)
            for _after, turn in turns(
                state, bots, SeededRandom(self.seed), max_moves=MAX_GAME_MOVES
            ):
                scorer.observe(turn.events)
                if self.rounds and scorer.rounds:
                    break
            score, margin = scorer.rounds[0] if self.rounds else scorer.game()
            sign = 1.0 if a_team == 0 else -1.0
            scores.append(score if a_team == 0 else 1.0 - score)
            margins.append(sign * margin)
            for round_score, round_margin in scorer.rounds[:1] if self.rounds else scorer.rounds:
                tally.sample(DUEL_ROUND_SCORE, round_score if a_team == 0 else 1.0 - round_score)
                tally.sample(DUEL_ROUND_MARGIN, sign * round_margin)
            tally.count(DUEL_DECISIONS, sum(b.calls for b in seated))
            tally.sample(DUEL_SECONDS, sum(b.seconds for b in seated))
        tally.sample(DUEL_SCORE, sum(scores) / 2)
        tally.sample(DUEL_MARGIN, sum(margins) / 2)
        return tally.build()


def run_job(job: Job) -> tuple[int, int, list[GameTally]]:
    """Play a job's games; its label, its first game and one tally per game, in order."""
    args.instance(job, Job, "job")
    args.integer(job.label, 0, MAX_VARIANTS - 1, "job.label")
    args.seed(job.seed, "job.seed")
    args.integer(job.first, 0, MAX_GAMES - 1, "job.first")
    args.integer(job.count, 0, MAX_GAMES, "job.count")
    args.text(job.bot, 64, "job.bot")
    entry = game_named(job.game)
    variant = variant_from_table(job.variant, source="the simulation's variant")
    tallies = []
    if job.bots is not None:
        duel = _duel_names(job.bots)
    for i in range(job.first, job.first + job.count):
        user: TableUser[GameTally] = (
            _OneGame(job.bot, derive_seed(job.seed, i, 1))
            if job.bots is None
            else _DuelDeal(duel, job.rounds, derive_seed(job.seed, i, 1))
        )
        tallies.append(entry.seat_bots(variant, derive_seed(job.seed, i), user))
    return job.label, job.first, tallies


def _duel_names(bots: object) -> tuple[str, str]:
    """A duel's two bot names, checked (``bad-argument``)."""
    if not isinstance(bots, tuple | list) or len(bots) != 2:
        raise ArgumentError(f"two bot names (A, B), got {args.shown(bots)}", key="bots")
    a, b = (args.text(name, 256, "bots", what="a bot's name") for name in bots)
    return a, b


def plan(
    game: str,
    variants: Sequence[VariantBase],
    *,
    games: int,
    seed: int,
    bot: str,
    chunk: int,
    bots: tuple[str, str] | None = None,
    rounds: bool = False,
) -> list[Job]:
    """The jobs of a simulation: each variant's games in chunks of ``chunk`` (with ``bots``, a
    duel's deals, each played twice)."""
    entry = game_named(game)
    listed = args.sequence(variants, VariantBase, MAX_VARIANTS, "variants", what="the variants")
    args.integer(games, 1, MAX_GAMES, "games")
    args.seed(seed)
    args.text(bot, 64, "bot", what="a bot's name")
    args.integer(chunk, 1, MAX_GAMES, "chunk")
    jobs = []
    for label, variant in enumerate(listed):
        table = variant.to_table()
        for first in range(0, games, chunk):
            count = min(chunk, games - first)
            jobs.append(Job(entry.name, label, table, seed, bot, first, count, bots, rounds))
    return jobs


@attrs.frozen
class Measure:
    """One measure of one variant: per game (a count) or per round (a sample), its estimate."""

    per: str
    estimate: Estimate

    def to_json(self) -> JSONObject:
        """The figure as JSON: what it is counted ``per`` and its estimate."""
        return {"per": self.per, **self.estimate.to_json()}


def _estimate_json(e: Estimate) -> JSONObject:
    """An estimate as ``estimate``, ``low``, ``high``."""
    return {"estimate": e.mean, "low": e.low, "high": e.high}


@attrs.frozen
class DuelFigures:
    """A duplicate duel of bot ``a`` against bot ``b`` on one variant: A's win rate over the
    deals (each deal's score the mean of A's two results, 1, ½ or 0 — the two plays of a deal
    are not independent, so the deal is the unit — with Wilson's 95% interval,
    :func:`cardrules.stats.score_estimate`), its average margin (``unit``: levels or points),
    A's result per round (every round of every play; a Shengji match is long), and the bots'
    decisions per CPU second."""

    a: str
    b: str
    win_rate: Estimate
    margin: Estimate
    unit: str
    round_win_rate: Estimate | None
    round_margin: Estimate | None
    decisions_per_second: float

    @property
    def deals(self) -> int:
        """How many deals were played (each twice)."""
        return self.win_rate.n

    def to_json(self) -> JSONObject:
        """The duel as JSON: ``win_rate`` and ``margin`` as ``estimate``, ``low``, ``high``."""
        rounds: JSONObject = {
            "n": 0 if self.round_win_rate is None else self.round_win_rate.n,
            "win_rate": _estimate_json(self.round_win_rate or self.win_rate),
            "margin": _estimate_json(self.round_margin or self.margin),
        }
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "win_rate": _estimate_json(self.win_rate),
            "margin": {**_estimate_json(self.margin), "unit": self.unit},
            "rounds": rounds,
            "decisions_per_second": self.decisions_per_second,
        }


@attrs.frozen
class VariantFigures:
    """Everything measured for one variant (with a duel: its figures)."""

    name: str
    measures: Mapping[str, Measure]
    duel: DuelFigures | None = None

    def to_json(self) -> JSONObject:
        """The variant's figures as JSON: its name, every measure by name, the duel or null."""
        return {
            "name": self.name,
            "measures": {k: m.to_json() for k, m in self.measures.items()},
            "duel": None if self.duel is None else self.duel.to_json(),
        }


@attrs.frozen
class Simulation:
    """A finished simulation: the figures per variant, and each later variant against the
    first (``comparisons[i]`` is variant ``i + 1`` against variant 0)."""

    game: str
    seed: int
    bot: str
    games: int
    variants: tuple[VariantFigures, ...]
    comparisons: tuple[Mapping[str, Comparison], ...]
    #: A duel's two bots (A, B), or ``None``.
    bots: tuple[str, str] | None = None
    #: Whether each game was one round (the first of a match).
    rounds: bool = False

    def to_json(self) -> JSONObject:
        """The simulation as a JSON document (``type = "simulation"``, schema
        ``<game>.simulation``): every variant's figures, then each later variant's difference
        from the first."""
        base = self.variants[0].name
        return {
            "format": FORMAT,
            "game": self.game,
            "type": "simulation",
            "seed": self.seed,
            "bot": self.bot,
            "games": self.games,
            "bots": None if self.bots is None else list(self.bots),
            "rounds": self.rounds,
            "variants": [v.to_json() for v in self.variants],
            "comparisons": [
                {
                    "a": base,
                    "b": v.name,
                    "measures": {k: c.to_json() for k, c in comps.items()},
                }
                for v, comps in zip(self.variants[1:], self.comparisons, strict=True)
            ],
        }


def _figures(
    name: str,
    tallies: Sequence[GameTally],
    counted: set[str],
    bots: tuple[str, str] | None = None,
    unit: str = "",
) -> VariantFigures:
    rates = frozenset().union(*(t.rates for t in tallies))
    merged = merge(tallies, counted)
    measures = {
        key: Measure("game" if key in counted else "round", estimate(values, rate=key in rates))
        for key, values in merged.items()
        if values and not key.startswith("duel.")
    }
    if bots is None:
        return VariantFigures(name, measures)
    seconds = math.fsum(merged.get(DUEL_SECONDS, ()))
    decisions = math.fsum(merged.get(DUEL_DECISIONS, ()))
    round_scores, round_margins = merged.get(DUEL_ROUND_SCORE), merged.get(DUEL_ROUND_MARGIN)
    duel = DuelFigures(
        a=bots[0],
        b=bots[1],
        win_rate=score_estimate(merged[DUEL_SCORE]),
        margin=estimate(merged[DUEL_MARGIN]),
        unit=unit,
        round_win_rate=score_estimate(round_scores) if round_scores else None,
        round_margin=estimate(round_margins) if round_margins else None,
        decisions_per_second=decisions / seconds if seconds > 0 else 0.0,
    )
    return VariantFigures(name, measures, duel)


def _run_local(jobs: Sequence[Job], workers: int) -> Iterator[tuple[int, int, list[GameTally]]]:
    if workers == 1:
        yield from map(run_job, jobs)
        return
    # A fresh interpreter per worker: nothing of this process (threads, open files) is copied.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: list[Future[tuple[int, int, list[GameTally]]]] = [
            pool.submit(run_job, job) for job in jobs
        ]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool as err:
            raise CardrulesError(
                f"a worker process died ({err}); a script that simulates on several cores "
                "must start from a file with an 'if __name__ == \"__main__\":' guard",
                code="worker-failed",
            ) from None


#: Seconds a simulation waits for a Dask scheduler to answer before it gives up (``simulate``'s
#: ``connect_timeout``, ``cardrules simulate --connect-timeout``).
CONNECT_TIMEOUT = 5.0
#: The transports of ``distributed`` whose addresses are ``scheme://host:port``.
_HOST_PORT_SCHEMES = frozenset({"tcp", "tls", "ws", "wss", "ucx"})
#: The longest scheduler address read.
_MAX_ADDRESS = 1024


def check_cluster_address(address: object) -> str:
    """``address`` if it is a Dask scheduler's address as ``distributed`` reads it: a transport
    it has (``tcp://host:8786``, ``tls://…``, ``ws://…``, ``wss://…``, ``ucx://…``: a host and
    a port 1 … 65535; ``inproc://…``, a scheduler in this process). Anything else is refused at
    once with code ``cluster-unreachable``, before any connection is tried. Needs
    ``distributed`` (code ``missing-dependency`` without it)."""
    shown = args.text(address, _MAX_ADDRESS, "cluster", what="a scheduler address")
    comm = _distributed().comm
    try:
        scheme, location = comm.parse_address(shown, strict=True)
        comm.registry.get_backend(scheme)
        host, port = comm.parse_host_port(location) if scheme in _HOST_PORT_SCHEMES else ("-", 1)
    except (ValueError, TypeError) as err:
        raise _unreachable(shown, f"not a scheduler address ({err})") from None
    if not location or not host or not 1 <= port <= 65535:
        raise _unreachable(shown, "not a scheduler address: write SCHEME://HOST:PORT")
    return shown


def _unreachable(address: str, why: str) -> CardrulesError:
    return CardrulesError(
        f"Dask scheduler {args.shown(address)}: {why}", code="cluster-unreachable"
    )


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise CardrulesError(
            "--cluster needs Dask's 'distributed': pip install 'cardrules[cluster]'",
            code="missing-dependency",
        ) from None
    return distributed


def _reach(address: str, timeout: float) -> None:
    """Open one connection to the scheduler and close it, within ``timeout`` seconds: an
    address where nothing answers, or something that is not a Dask scheduler, is refused in one
    line (no client is made, so none lingers to time out again while it closes)."""
    comm = _distributed().comm

    async def probe() -> None:
        conn = await comm.connect(address, timeout=timeout)
        await conn.close()

    try:  # in a thread of its own, so that a caller already inside an event loop may call it
        with ThreadPoolExecutor(max_workers=1) as one:
            one.submit(asyncio.run, asyncio.wait_for(probe(), timeout + 1)).result()
    except (OSError, TimeoutError):
        raise _unreachable(address, f"no answer within {timeout:g} s") from None
    except Exception as err:  # a peer that is not a scheduler: its answer cannot be read
        raise _unreachable(address, f"not a Dask scheduler ({type(err).__name__})") from None


def _run_cluster(
    jobs: Sequence[Job], address: str, timeout: float
) -> Iterator[tuple[int, int, list[GameTally]]]:
    distributed = _distributed()
    _reach(address, timeout)
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise _unreachable(address, f"cannot connect ({err})") from None
    with client, client.as_current():
        futures = client.map(run_job, jobs, pure=False)
        for future in distributed.as_completed(futures):
            yield future.result()


def _report(progress: Callable[[int], None], done: int) -> None:
    """Tell the caller's ``progress`` how many games are done; what it raises is the caller's
    fault, given back as a ``bad-argument`` naming it (the exception kept as the cause)."""
    try:
        progress(done)
    except CardrulesError:
        raise
    except Exception as err:
        raise ArgumentError(
            f"the progress function raised {type(err).__name__}", key="progress"
        ) from err


def simulate(
    game: str,
    variants: Sequence[VariantBase],
    *,
    games: int,
    seed: int = 1,
    bot: str = "heuristic",
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    bots: tuple[str, str] | None = None,
    rounds: bool = False,
) -> Simulation:
    """Play ``games`` games of each variant between bots of kind ``bot`` and measure them.

    With ``bots = (A, B)`` it is a duplicate duel instead: each of the ``games`` deals is
    played twice, bot A on the even seats (team 0) and B on the odd ones, then swapped, so the
    cards cancel out; each variant's figures then carry a :class:`DuelFigures` (A's win rate,
    its margin, its result per round, decisions per second). ``rounds``: each game is the first
    round of a match only (every phase of it), not the whole match. Bot names are resolved by
    :func:`cardrules.registry.resolve_bot` (a game's own name, a Chinese level name, or
    ``module:Class``).

    ``workers``: local processes (default: one per core; 1 runs here); ``cluster``: the
    address of a Dask scheduler to run on instead (checked at once:
    :func:`check_cluster_address`), which must answer within ``connect_timeout`` seconds
    (default :data:`CONNECT_TIMEOUT`). ``progress`` is called with the number of games done
    after each job. Every argument is checked before any game is played: a bad one is a
    :class:`~cardrules.errors.ArgumentError` (``bad-argument``); a game without bots of that
    kind is ``unknown-bot``, a cluster that cannot be reached ``cluster-unreachable``.
    """
    entry = game_named(game)
    listed = args.sequence(variants, VariantBase, MAX_VARIANTS, "variants", what="the variants")
    if not listed:
        raise CardrulesError("name at least one variant")
    for variant in listed:
        if variant.game != entry.name:
            raise CardrulesError(f"variant {variant.name!r} is a {variant.game} variant")
    args.text(bot, 256, "bot", what="a bot's name")
    resolve_bot(entry.bots, bot)  # unknown-bot at once, before anything is played
    if bots is not None:
        bots = _duel_names(bots)
        for name in bots:
            resolve_bot(entry.bots, name)
        if entry.duel is None:
            raise CardrulesError(f"{entry.name} cannot score a duel", code="unknown-bot")
    if not isinstance(rounds, bool):
        raise ArgumentError(f"true or false, got {args.shown(rounds)}", key="rounds")
    if rounds and bots is None:
        raise ArgumentError("rounds are played in a duel: name the bots (--bots A,B)", key="rounds")
    args.integer(games, 1, MAX_GAMES, "games", what="the number of games (--games)")
    args.integer(seed, 0, args.MAX_SEED, "seed", what="the seed (--seed)")
    if workers is not None:
        args.integer(workers, 1, 1024, "workers", what="the number of workers (--workers)")
    if progress is not None and not callable(progress):
        raise ArgumentError(f"a function or None, got {args.shown(progress)}", key="progress")
    if (
        isinstance(connect_timeout, bool)
        or not isinstance(connect_timeout, int | float)
        or not 0 < connect_timeout <= 600
    ):
        raise ArgumentError(
            f"seconds, more than 0 and at most 600, got {args.shown(connect_timeout)}",
            key="connect_timeout",
        )
    if cluster is not None:
        cluster = check_cluster_address(cluster)
    cores = os.cpu_count() or 1
    workers = cores if workers is None else workers
    spread = workers if cluster is None else 16
    chunk = max(1, min(25, math.ceil(games / (spread * 4))))
    jobs = plan(
        entry.name, listed, games=games, seed=seed, bot=bot, chunk=chunk, bots=bots, rounds=rounds
    )
    workers = min(workers, len(jobs))  # a worker without a job is a process spawned for nothing
    results: dict[tuple[int, int], list[GameTally]] = {}
    done = 0
    runs: Iterable[tuple[int, int, list[GameTally]]] = (
        _run_cluster(jobs, cluster, float(connect_timeout))
        if cluster is not None
        else _run_local(jobs, workers)
    )
    for label, first, tallies in runs:
        results[label, first] = tallies
        done += len(tallies)
        if progress is not None:
            _report(progress, done)
    # A count one variant never saw is 0 in each of its games, not unknown.
    counted = {name for tallies in results.values() for t in tallies for name in t.counts}
    figures = []
    for label, variant in enumerate(listed):
        ordered = [t for key in sorted(k for k in results if k[0] == label) for t in results[key]]
        unit = "" if entry.duel is None else entry.duel().UNIT
        figures.append(_figures(variant.name, ordered, counted, bots, unit))
    base = figures[0]
    comparisons = tuple(
        {
            key: compare(base.measures[key].estimate, other.measures[key].estimate)
            for key in base.measures.keys() & other.measures.keys()
        }
        for other in figures[1:]
    )
    return Simulation(
        game=entry.name,
        seed=seed,
        bot=bot,
        games=games,
        variants=tuple(figures),
        comparisons=tuple(dict(sorted(c.items())) for c in comparisons),
        bots=bots,
        rounds=rounds,
    )


# ---------------------------------------------------------------------- for a person
_GROUPS = ("game.", "play.", "lead.", "follow.", "move.", "event.", "round.")


def _order(key: str) -> tuple[int, str]:
    group = next((i for i, g in enumerate(_GROUPS) if key.startswith(g)), len(_GROUPS))
    return group, key


def _figure(value: float, rate: bool) -> str:
    return (
        f"{value * 100:.1f}%" if rate else f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    )


def _interval(e: Estimate) -> str:
    return f"{_figure(e.mean, e.binary)} [{_figure(e.low, e.binary)}, {_figure(e.high, e.binary)}]"


def _shown(e: Estimate, rate: bool = False) -> str:
    if rate:
        return f"{e.mean * 100:.1f}% [{e.low * 100:.1f}%, {e.high * 100:.1f}%]"
    return f"{e.mean:+.3g} [{e.low:+.3g}, {e.high:+.3g}]"


def _duel_table(sim: Simulation) -> Table:
    """A duel's figures per variant: A's win rate, margin, per-round figures, speed."""
    assert sim.bots is not None
    a, b = sim.bots
    what = "rounds" if sim.rounds else "games"
    title = (
        f"{sim.game}: {a} (A) against {b} (B), {sim.games} deals each played twice "
        f"({what}, duplicate), seed {sim.seed}"
    )
    table = Table(title=title, title_justify="left")
    for column in ("variant", "A's win rate [95% CI]", "A's margin", "per round", "decisions/s"):
        table.add_column(column, justify="left" if column == "variant" else "right")
    for v in sim.variants:
        d = v.duel
        if d is None:
            continue
        per_round = (
            "—"
            if d.round_win_rate is None
            else f"{_shown(d.round_win_rate, rate=True)} over {d.round_win_rate.n}"
        )
        table.add_row(
            v.name,
            _shown(d.win_rate, rate=True),
            f"{_shown(d.margin)} {d.unit}",
            per_round,
            f"{d.decisions_per_second:,.0f}",
        )
    return table


def tables(sim: Simulation) -> list[Table]:
    """The simulation as rich tables: every measure per variant with its 95% interval and each
    later variant's difference from the first (marked ``*`` when the interval leaves out 0);
    then the spread (10%, 50%, 90%) of the per-round measures."""
    args.instance(sim, Simulation, "sim")
    if sim.bots is not None:
        return [_duel_table(sim)]
    title = f"{sim.game}: {sim.games} game(s) per variant, {sim.bot} bots, seed {sim.seed}"
    main = Table(title=title, title_justify="left")
    main.add_column("measure")
    main.add_column("per")
    for v in sim.variants:
        main.add_column(f"{v.name}: mean [95% CI]", justify="right")
    base = sim.variants[0]
    for v in sim.variants[1:]:
        main.add_column(f"{v.name} − {base.name}", justify="right")
    keys = sorted({k for v in sim.variants for k in v.measures}, key=_order)
    for key in keys:
        row = [key, next(v.measures[key].per for v in sim.variants if key in v.measures)]
        row += [
            _interval(v.measures[key].estimate) if key in v.measures else "—" for v in sim.variants
        ]
        for comps in sim.comparisons:
            c = comps.get(key)
            rate = base.measures[key].estimate.binary if key in base.measures else False
            row.append(
                "—"
                if c is None
                else f"{_figure(c.difference, rate)} [{_figure(c.low, rate)}, "
                f"{_figure(c.high, rate)}]" + (" *" if c.clear else "")
            )
        main.add_row(*row)
    spread = Table(title="spread of the per-round measures (10% · 50% · 90%)", title_justify="left")
    spread.add_column("measure")
    for v in sim.variants:
        spread.add_column(v.name, justify="right")
    for key in keys:
        found = [v.measures.get(key) for v in sim.variants]
        if any(m is not None and m.per == "round" and not m.estimate.binary for m in found):
            spread.add_row(
                key,
                *(
                    "—"
                    if m is None
                    else " · ".join(_figure(q, False) for q in m.estimate.quantiles)
                    for m in found
                ),
            )
    return [main, spread] if spread.row_count else [main]
