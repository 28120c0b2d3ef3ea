"""The web app under load: N tables of bots at once over WebSockets, moves per second and the
time from a person's move sent to the new view received (p50, p99), no move lost or doubled.

The server is started as ``cardrules serve`` (``--window 0``, a fresh SQLite file in a temporary
folder) pinned to one core (``--server-core``, default 0); this process, the clients, runs on the
other cores. For each N of ``--tables`` it makes N tables over HTTP (``POST /api/tables``: seat 0
a person, the others bots of ``--level``) and opens one socket per table, as seat 0, all in one
asyncio loop. A client acts on the newest view it holds where ``may_move`` and ``in_turn`` are
true (``auto`` false): after ``--think`` seconds (0: at once; 1.0 is a person's pace) it sends
the first legal move with the view's version (a Shengji burial, never listed: ``bury`` and the
first cards of the hand; another choice too large to list: a random move of the seat's view).
Its latency is the time from the move sent to the first view whose version is greater; the
move is acknowledged when that view's events show seat 0's move as move number ``version``.
``stale-view`` refusals (a bot got there first) are counted, not failures. A match that ends is
replaced by a new table, so N tables play throughout. After ``--seconds`` the clients stop (an
unanswered move is waited for), and the moves per second are the rows added to the ``moves``
table of the SQLite file during the run (bots' moves and passes made for a person included).

Then every table is checked from the SQLite file alone: it is rebuilt (``Store.table`` and
``LiveTable``, which replays every stored move: a move that cannot be replayed is a bad move),
its move numbers are 0 … k-1 without a gap, and the moves the client had acknowledged are
exactly its stored moves of seat 0 that were not made for it, in order: none lost, none applied
twice ("lost/doubled" counts the tables where that fails). Goal (the issue): 500 tables on one
core with p99 under 100 ms for ``hard`` bots. Run::

    python benchmarks/bench_serve.py [--tables 10,100,500] [--seconds 20] [--think 0]
        [--bot-delay 0] [--level hard] [--game siyaosi] [--variant classic]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import hashlib
import json
import os
import platform
import random
import shlex
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cardrules.errors import CardrulesError
from cardrules.web.store import Store
from cardrules.web.tables import LiveTable

#: The presets the script knows a default for (``--variant`` overrides).
DEFAULT_VARIANT = {"siyaosi": "classic", "shengji": "four-deck"}
#: The seats of a preset's table (the bots fill every seat but 0).
PLAYERS = {"siyaosi": 4, "shengji": 4}
#: How long a client waits for the answer to its last move once the run is over.
DRAIN_SECONDS = 15.0
#: The goal the issue sets: at most this p99 at :data:`GOAL_TABLES` tables.
GOAL_P99_MS = 100.0
GOAL_TABLES = 500

Message = dict[str, Any]


@dataclass
class Sent:
    """A move in flight: its text, the version it was made on, when it left."""

    text: str
    version: int
    at: float
    answered: float | None = None  # when the first view with a greater version came
    overtaken: bool = False  # that view showed another move as number ``version``


@dataclass
class Table:
    """One table a client played: the moves the server acknowledged, in order."""

    id: str
    token: str
    acked: list[str] = field(default_factory=list)
    over: bool = False


@dataclass
class Client:
    """Seat 0 of one table at a time (a new table when a match ends), and what it measured."""

    index: int
    tables: list[Table] = field(default_factory=list)
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (sent at, seconds)
    stale: int = 0
    errors: dict[str, int] = field(default_factory=dict)  # other refusals, by code
    disconnects: int = 0
    views: int = 0
    sent: int = 0
    unresolved: int = 0  # a move whose fate the client never learnt
    stuck: int = 0  # a view to act on with no move the client could compose
    failed: str | None = None  # the client gave up: why


@dataclass
class Run:
    """What the clients of one N share."""

    base: str
    port: int
    args: argparse.Namespace
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    seeds: int = 0
    extensions: set[str] = field(default_factory=set)  # what the sockets negotiated
    create: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(16))


# ---------------------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    port: int, db: Path, log: Path, bot_delay: float, core: int
) -> subprocess.Popen[bytes]:
    """``cardrules serve`` on the loopback address, pinned to ``core``, its output in ``log``."""
    command = [
        sys.executable,
        "-m",
        "cardrules",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        str(db),
        "--bot-delay",
        str(bot_delay),
        "--window",
        "0",
    ]

    def pin() -> None:
        os.sched_setaffinity(0, {core})

    with log.open("wb") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, preexec_fn=pin)


def wait_until_up(base: str, server: subprocess.Popen[bytes], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode} before it answered")
        try:
            with urllib.request.urlopen(f"{base}/api/presets", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer {base} within {seconds:.0f} s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGINT)  # uvicorn shuts down cleanly on an interrupt
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` (Linux ``/proc``), its threads included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def core_busy(core: int) -> float:
    """The seconds core ``core`` has been busy since boot, every process counted
    (``/proc/stat``): with :func:`cpu_seconds`, what else ran on the server's core."""
    for line in Path("/proc/stat").read_text().splitlines():
        name, *ticks = line.split()
        if name == f"cpu{core}":
            values = [int(t) for t in ticks]
            idle = values[3] + values[4]  # idle, iowait
            return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")
    return float("nan")


# ---------------------------------------------------------------------------- a client
def post_table(base: str, body: Message) -> Message:
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            made: Message = json.loads(answer.read())
            return made
    except urllib.error.HTTPError as err:
        raise RuntimeError(f"POST /api/tables: {err.code} {err.read()[:200]!r}") from None


async def new_table(run: Run) -> Table:
    args = run.args
    seats = ["person"] + [args.level] * (PLAYERS[args.game] - 1)
    run.seeds += 1
    body = {"game": args.game, "variant": args.variant, "seats": seats, "seed": run.seeds}
    async with run.create:
        made = await asyncio.to_thread(post_table, run.base, body)
    return Table(str(made["table"]), str(made["links"][0]["token"]))


def compose(view: Message, attempt: int, rng: random.Random) -> str | None:
    """The move seat 0 makes on ``view``: the first legal one (the next on a retry), else one
    composed from the hand for a choice too large to list (Shengji)."""
    legal = view.get("legal") or []
    if legal:
        return str(legal[attempt % len(legal)])
    if view.get("game") != "shengji":
        return None
    if attempt == 0 and (view.get("phase") == "bury" or "bury" in (view.get("kinds") or [])):
        cards = [str(c) for group in view["hand"] for c in group]
        kitty = int(view["view"].get("kitty_size") or view["view"]["variant"]["kitty"])
        return "bury " + " ".join(cards[:kitty])
    from cardrules.shengji import MatchView  # only for a choice too large to list

    return str(MatchView.from_json(view["view"]).random_move(rng, 0))


def key(text: str) -> tuple[str, tuple[str, ...]]:
    """A move text compared without its order of cards: ``("0", ("3S", "3S"))``."""
    seat, colon, rest = text.strip().partition(":")
    if not colon:
        seat, rest = "0", text
    return seat.strip(), tuple(sorted(rest.split()))


def shows_move(view: Message, number: int) -> bool | None:
    """Whether ``view``'s events show seat 0's move as move ``number`` (from 0): ``None`` when
    they do not reach back that far."""
    events = view.get("events") or []
    seen = False
    for event in events:
        if event.get("n") == number + 1:
            seen = True
            if event.get("event") == "move" and str(event.get("text", "")).startswith("0:"):
                return True
    return False if seen else None


async def play(run: Run, client: Client) -> None:
    """Seat 0 of a table until the run stops; a new table when a match ends."""
    rng = random.Random(client.index)
    table = client.tables[-1]
    outstanding: list[Sent] = []  # at most one move in flight
    retries = 0
    while True:
        try:
            over = await play_table(run, client, table, outstanding, rng)
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as err:
            client.disconnects += 1
            if run.stop.is_set() or client.disconnects > 20:
                client.failed = f"{type(err).__name__}: {err}"
                break
            retries += 1
            await asyncio.sleep(min(2.0, 0.1 * retries))
            continue  # reconnect to the same table (the server resumes it)
        if outstanding:
            client.unresolved += 1
            outstanding.clear()
        if not over or run.stop.is_set():
            break
        try:
            table = await new_table(run)
        except (OSError, RuntimeError) as err:
            client.failed = f"new table: {err}"
            break
        client.tables.append(table)


async def play_table(
    run: Run, client: Client, table: Table, outstanding: list[Sent], rng: random.Random
) -> bool:
    """Play ``table`` over one socket until the run stops (``False``) or the match ends
    (``True``). ``outstanding`` carries a move in flight over a reconnection."""
    args = run.args
    uri = f"ws://127.0.0.1:{run.port}/ws/tables/{table.id}?token={table.token}"
    latest: list[Message] = []
    changed = asyncio.Event()
    compression = None if args.compression == "none" else "deflate"

    def settle(sent: Sent, acked: bool) -> None:
        outstanding.clear()
        if acked:
            table.acked.append(sent.text)
            if sent.answered is not None:
                client.latencies.append((sent.at, sent.answered - sent.at))

    def on_view(view: Message, now: float) -> None:
        client.views += 1
        if outstanding and int(view["version"]) > outstanding[0].version:
            sent = outstanding[0]
            if sent.answered is None:
                sent.answered = now
            shown = shows_move(view, sent.version)
            if shown:
                settle(sent, acked=True)
            elif shown is False:
                sent.overtaken = True  # its refusal (stale-view) is on its way
        latest[:] = [view]

    async def read(ws: ClientConnection) -> None:
        async for raw in ws:
            now = time.perf_counter()
            message: Message = json.loads(raw)
            if message.get("type") == "view":
                on_view(message, now)
            elif message.get("type") == "error":
                code = str(message.get("code"))
                if code == "stale-view":
                    client.stale += 1
                else:
                    client.errors[code] = client.errors.get(code, 0) + 1
                if outstanding:
                    attempt[0] = attempt[0] + 1 if code != "stale-view" else 0
                    settle(outstanding[0], acked=False)
            changed.set()

    attempt = [0]
    acted = -1  # the version last acted on
    async with connect(
        uri,
        open_timeout=120,
        close_timeout=10,
        ping_interval=None,  # as a browser: the server pings, the client answers
        max_size=2**22,
        compression=compression,
    ) as ws:
        run.extensions.add(",".join(e.name for e in ws.protocol.extensions) or "none")
        if outstanding and outstanding[0].overtaken:  # its refusal was lost with the socket
            outstanding.clear()
        reader = asyncio.create_task(read(ws))
        stopping = asyncio.create_task(run.stop.wait())
        try:
            while True:
                waiting = asyncio.create_task(changed.wait())
                done, _ = await asyncio.wait(
                    {waiting, stopping, reader}, return_when=asyncio.FIRST_COMPLETED
                )
                waiting.cancel()
                if reader in done:
                    reader.result()  # a closed socket raises here
                    raise ConnectionClosed(None, None)
                changed.clear()
                if run.stop.is_set():
                    break
                if not latest or outstanding:
                    continue
                view = latest[0]
                if view.get("over"):
                    table.over = True
                    return True
                version = int(view["version"])
                if not (view.get("may_move") and view.get("in_turn")) or view.get("auto"):
                    continue
                tries = attempt[0] if version == acted else 0
                if version == acted and tries == 0:
                    continue
                text = compose(view, tries, rng)
                if text is None:
                    client.stuck += 1
                    continue
                if args.think > 0:
                    await asyncio.sleep(args.think)
                    if run.stop.is_set():
                        break
                acted, attempt[0] = version, tries
                full = text if ":" in text else f"0: {text}"
                outstanding[:] = [Sent(full, version, time.perf_counter())]
                client.sent += 1
                await ws.send(json.dumps({"type": "move", "move": text, "version": version}))
            # the run is over: wait for the answer to a move in flight
            deadline = time.monotonic() + DRAIN_SECONDS
            while outstanding and time.monotonic() < deadline and not reader.done():
                changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), deadline - time.monotonic())
            if outstanding and outstanding[0].overtaken:
                outstanding.clear()  # refused: another move is number ``version``
            return False
        finally:
            stopping.cancel()
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await reader


# ---------------------------------------------------------------------------- one N
def count_moves(db: Path, ids: list[str]) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        row = con.execute(
            "SELECT COUNT(*) FROM moves WHERE table_id IN (SELECT value FROM json_each(?))",
            (json.dumps(ids),),
        ).fetchone()
        return int(row[0])


def check(db: Path, clients: list[Client]) -> tuple[int, list[str]]:
    """Every table rebuilt from the SQLite file and compared with what its client saw
    acknowledged: the number of tables where a move was lost, doubled or bad, and why."""
    store = Store(db)
    bad: list[str] = []
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
            for client in clients:
                for table in client.tables:
                    why = check_table(store, con, table)
                    if why:
                        bad.append(f"table {table.id} (client {client.index}): {why}")
    finally:
        store.close()
    return len(bad), bad


def check_table(store: Store, con: sqlite3.Connection, table: Table) -> str | None:
    rows = con.execute(
        "SELECT n, seat, move, automatic FROM moves WHERE table_id = ? ORDER BY n", (table.id,)
    ).fetchall()
    numbers = [int(r[0]) for r in rows]
    if numbers != list(range(len(numbers))):
        gaps = sorted(set(range(max(numbers, default=-1) + 1)) - set(numbers))
        return f"move numbers not 0..{len(numbers) - 1}: missing {gaps[:5]}"
    stored = store.table(table.id)
    if stored is None:
        return "not stored"
    try:
        LiveTable(stored)  # replays every stored move
    except CardrulesError as err:
        return f"cannot be replayed: {err}"
    mine = [str(r[2]) for r in rows if int(r[1]) == 0 and not int(r[3])]
    if [key(t) for t in mine] != [key(t) for t in table.acked]:
        first = next(
            (
                i
                for i, (a, b) in enumerate(zip(mine, table.acked, strict=False))
                if key(a) != key(b)
            ),
            min(len(mine), len(table.acked)),
        )
        return (
            f"seat 0's stored moves ({len(mine)}) differ from the acknowledged ({len(table.acked)})"
            f" from move {first}: stored {mine[first : first + 2]}, "
            f"acknowledged {table.acked[first : first + 2]}"
        )
    return None


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


async def measure(
    args: argparse.Namespace, base: str, port: int, db: Path, server: int, n: int
) -> dict[str, Any]:
    run = Run(base, port, args, seeds=n * 1_000_000 + args.seed)
    made = time.perf_counter()
    tables = await asyncio.gather(*(new_table(run) for _ in range(n)))
    clients = [Client(i, [t]) for i, t in enumerate(tables)]
    made = time.perf_counter() - made
    joined = time.perf_counter()
    tasks = [asyncio.create_task(play(run, c)) for c in clients]
    while any(c.views == 0 and c.failed is None for c in clients):  # every seat has its view
        await asyncio.sleep(0.05)
    joined = time.perf_counter() - joined
    ids0 = [t.id for c in clients for t in c.tables]
    moves0 = await asyncio.to_thread(count_moves, db, ids0)
    cpu0, own0, core0 = cpu_seconds(server), time.process_time(), core_busy(args.server_core)
    views0 = sum(c.views for c in clients)
    t0 = time.perf_counter()
    await asyncio.sleep(args.seconds)
    ids1 = [t.id for c in clients for t in c.tables]
    moves1 = await asyncio.to_thread(count_moves, db, ids1)
    cpu1, own1, core1 = cpu_seconds(server), time.process_time(), core_busy(args.server_core)
    views1 = sum(c.views for c in clients)
    t1 = time.perf_counter()
    run.stop.set()
    await asyncio.gather(*tasks)
    elapsed = t1 - t0
    latencies = sorted(s for c in clients for at, s in c.latencies if t0 <= at <= t1)
    person = len(latencies)
    checked = time.perf_counter()
    bad, why = await asyncio.to_thread(check, db, clients)
    checked = time.perf_counter() - checked
    errors: dict[str, int] = {}
    for c in clients:
        for code, count in c.errors.items():
            errors[code] = errors.get(code, 0) + count
    return {
        "tables": n,
        "moves_per_s": (moves1 - moves0) / elapsed,
        "person_per_s": person / elapsed,
        "views_per_s": (views1 - views0) / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1e3,
        "p99_ms": percentile(latencies, 0.99) * 1e3,
        "max_ms": (latencies[-1] if latencies else float("nan")) * 1e3,
        "stale": sum(c.stale for c in clients),
        "errors": errors,
        "disconnects": sum(c.disconnects for c in clients),
        "failed": [f"client {c.index}: {c.failed}" for c in clients if c.failed],
        "unresolved": sum(c.unresolved for c in clients),
        "stuck": sum(c.stuck for c in clients),
        "sent": sum(c.sent for c in clients),
        "matches_over": sum(t.over for c in clients for t in c.tables),
        "tables_checked": sum(len(c.tables) for c in clients),
        "bad": bad,
        "why": why,
        "server_cpu": (cpu1 - cpu0) / elapsed,
        "client_cpu": (own1 - own0) / elapsed,
        "others_cpu": max(0.0, (core1 - core0) - (cpu1 - cpu0)) / elapsed,
        "extensions": sorted(run.extensions),
        "made_s": made,
        "joined_s": joined,
        "checked_s": checked,
    }


# ---------------------------------------------------------------------------- the report
def _version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "-"


def source() -> tuple[str, str]:
    """What code the server runs: the package's git commit, how many of its files differ from
    it, and a hash of its ``.py`` files (the server imports them when it starts)."""
    import cardrules

    package = Path(cardrules.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    tree = digest.hexdigest()[:12]

    def git(*words: str) -> str:
        try:
            done = subprocess.run(
                ["git", "-C", str(package), *words], capture_output=True, text=True, timeout=10
            )
        except (OSError, subprocess.SubprocessError):
            return ""
        return done.stdout.strip() if done.returncode == 0 else ""

    head = git("rev-parse", "--short", "HEAD") or "no git"
    changed = [line for line in git("status", "--porcelain", "--", ".").splitlines() if line]
    return f"{package} at {head}, {len(changed)} file(s) changed since, .py hash {tree}", tree


def header(
    args: argparse.Namespace,
    cores: set[int],
    server_core: int,
    client_cores: set[int],
    code: str,
) -> None:
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    print(f"date     {now}")
    print(
        f"machine  {platform.node()}: nproc {len(cores)} "
        f"(cpu_count {os.cpu_count()}), {platform.machine()}, {platform.platform()}"
    )
    print(
        f"python   {platform.python_implementation()} {platform.python_version()}; "
        f"uvicorn {_version('uvicorn')}, websockets {_version('websockets')}, "
        f"starlette {_version('starlette')}"
    )
    print(f"command  {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"code     {code}")
    print(
        f"setting  {args.game} {args.variant}, seat 0 the client, seats 1-"
        f"{PLAYERS[args.game] - 1} {args.level} bots; think {args.think:g} s, bot delay "
        f"{args.bot_delay:g} s, window 0; {args.seconds:g} s per N; server on core "
        f"{server_core}, clients on {sorted(client_cores)}; compression {args.compression}"
    )


def report(rows: list[dict[str, Any]]) -> None:
    print()
    print(
        f"{'tables':>6} {'moves/s':>8} {'person/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'stale':>6} {'errors':>6} {'drops':>5} {'srv CPU':>7} {'others':>6} "
        f"{'lost/doubled':>12}"
    )
    for r in rows:
        errors = sum(r["errors"].values()) + r["unresolved"] + r["stuck"] + len(r["failed"])
        print(
            f"{r['tables']:>6} {r['moves_per_s']:>8.1f} {r['person_per_s']:>8.1f} "
            f"{r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f} {r['max_ms']:>8.1f} {r['stale']:>6} "
            f"{errors:>6} {r['disconnects']:>5} {r['server_cpu']:>7.0%} {r['others_cpu']:>6.0%} "
            f"{r['bad']:>5} of {r['tables_checked']:<5}"
        )
    print(
        "moves/s: rows added to the moves table (every seat); person/s, p50, p99, max: seat 0's "
        "acknowledged moves, sent to new view;\nstale: stale-view refusals; errors: other "
        "refusals, moves never answered, clients that gave up; drops: sockets lost;\nsrv CPU: "
        "the server's CPU time over the run's; others: what else ran on its core; lost/doubled: "
        "tables that failed the check"
    )
    print()
    for r in rows:
        print(
            f"N={r['tables']}: {r['sent']} moves sent by the clients, {r['matches_over']} "
            f"matches ended (a new table each); {r['views_per_s']:.0f} views/s received; server "
            f"CPU per move {r['server_cpu'] / max(r['moves_per_s'], 1e-9) * 1e3:.2f} ms; "
            f"client CPU {r['client_cpu']:.0%}; tables made "
            f"in {r['made_s']:.1f} s, every seat had its view after {r['joined_s']:.1f} s, "
            f"checked in {r['checked_s']:.1f} s; socket extensions {r['extensions']}"
        )
        if r["errors"]:
            print(f"  refusals other than stale-view: {r['errors']}")
        if r["unresolved"] or r["stuck"]:
            print(f"  moves never answered: {r['unresolved']}; views no move fitted: {r['stuck']}")
        for line in r["failed"][:5]:
            print(f"  gave up: {line}")
        for line in r["why"][:5]:
            print(f"  LOST/DOUBLED/BAD: {line}")


def server_log_summary(log: Path) -> None:
    lines = log.read_text(errors="replace").splitlines()
    bad = [
        line
        for line in lines
        if "Traceback" in line or "ERROR" in line or "Exception" in line or "WARNING" in line
    ]
    print(f"\nserver log: {len(lines)} lines, {len(bad)} with an error or a warning")
    for line in bad[:10]:
        print(f"  {line[:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,100,500", help="the N to run (default 10,100,500)")
    parser.add_argument("--seconds", type=float, default=20.0, help="the run per N (default 20)")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds seat 0 waits before it moves (default 0)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the server's --bot-delay (default 0)"
    )
    parser.add_argument("--level", default="hard", help="the bots' level (default hard)")
    parser.add_argument("--game", default="siyaosi", choices=sorted(DEFAULT_VARIANT))
    parser.add_argument("--variant", default=None, help="the preset (default: classic/four-deck)")
    parser.add_argument(
        "--port", type=int, default=0, help="the server's port (default: a free one)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the tables' seeds start here")
    parser.add_argument("--server-core", type=int, default=0, help="the core the server runs on")
    parser.add_argument(
        "--compression",
        choices=("deflate", "none"),
        default="deflate",
        help="the clients offer permessage-deflate, as browsers do (default), or not",
    )
    parser.add_argument("--keep", action="store_true", help="keep the SQLite file and server log")
    args = parser.parse_args()
    args.variant = args.variant or DEFAULT_VARIANT[args.game]
    sizes = [int(s) for s in args.tables.split(",") if s.strip()]

    cores = os.sched_getaffinity(0)
    server_core = args.server_core
    if server_core not in cores:
        raise SystemExit(
            f"--server-core {server_core} is not one of this process's {sorted(cores)}"
        )
    client_cores = (cores - {server_core}) or cores
    code, tree = source()
    header(args, cores, server_core, client_cores, code)
    os.sched_setaffinity(0, client_cores)

    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    db, log = folder / "tables.sqlite3", folder / "server.log"
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, db, log, args.bot_delay, server_core)
    rows: list[dict[str, Any]] = []
    try:
        wait_until_up(base, server)
        for n in sizes:
            rows.append(asyncio.run(measure(args, base, port, db, server.pid, n)))
            if server.poll() is not None:
                print(f"the server exited with {server.returncode} during N={n}")
                break
            time.sleep(2.0)  # the bots of the tables just left come to a person's turn
    finally:
        stop_server(server)
        report(rows)
        server_log_summary(log)
        if source()[1] != tree:
            print(f"NOTE: the package's source changed during the run (now {source()[0]})")
        if args.keep:
            print(f"kept: {db} and {log}")
        else:
            for path in folder.iterdir():
                path.unlink()
            folder.rmdir()
    for r in rows:
        if r["tables"] == GOAL_TABLES:
            met = r["p99_ms"] < GOAL_P99_MS and not r["bad"]
            print(
                f"goal ({GOAL_TABLES} tables on one core, p99 under {GOAL_P99_MS:.0f} ms, "
                f"nothing lost): {'met' if met else 'NOT met'} (p99 {r['p99_ms']:.1f} ms)"
            )


if __name__ == "__main__":
    main()
