"""The tables the web app serves: each one a match of either game, rebuilt from the store.

A :class:`LiveTable` is the stored table replayed: its state is the match started from the
stored variant and seed with every stored move applied, so nothing lives only in memory. It
answers in strings — move texts in, JSON messages out — so the socket code knows no game.

What each seat is told is its view and the events as it receives them, CORE-VIEW-1 (Views act
for their seat) and CORE-EVENT-2 (Who sees an event): :meth:`LiveTable.message` builds a seat's
message from ``state.view(seat)`` and ``seen_events`` only, never from a hand of the state.

Decided here, where the rules say nothing (a table is not a rule):

* **The first move to land wins.** A move is judged against the state when it arrives; one made
  on a view that another move has overtaken is refused ``stale-view`` and its sender gets the
  new view. This is how an out-of-turn 叉/勾 by a person races the bots.
* **Moves made for a person.** When a pass is all a person may do in turn, or they passed with
  these very choices before and have only been given cards since (Shengji's deal goes on), the
  pass is made for them, as ``cardrules play`` does; such a move is *automatic*.
* **Undo** takes back a person's last move only while every move after it was automatic (a bot's
  or a pass made for a person): no other person has acted on it.
* **A window for a person out of turn.** When a joined person may act out of turn with choices
  they have not had before (a 叉 or 勾 just became possible), the bots wait ``window`` seconds
  before moving, so the person's cards can land first.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from cardrules.bots import Bot, askers
from cardrules.errors import CardrulesError
from cardrules.events import Event
from cardrules.game import GameState, GameView, MoveLike
from cardrules.i18n import catalog
from cardrules.jsonio import JSON, JSONObject
from cardrules.multiset import Cards
from cardrules.play import forced_pass
from cardrules.records import Record
from cardrules.registry import GameEntry, game_named
from cardrules.rng import SeededRandom, derive_seed
from cardrules.variant import VariantBase, list_presets, load_variant, variant_from_table
from cardrules.web.store import Seat, Store, StoredTable

__all__ = [
    "LEVELS",
    "MAX_BURST",
    "MAX_EVENTS_SENT",
    "MAX_LISTED",
    "Connection",
    "Hub",
    "LiveTable",
    "TableError",
]

M = TypeVar("M", bound=MoveLike)

_log = logging.getLogger("cardrules.web")

#: The computer players' levels a seat may be given (each game has a bot of each name).
LEVELS = ("easy", "hard", "expert")
#: At most this many legal moves are listed in a message (a Shengji lead may have millions).
MAX_LISTED = 200
#: A message carries at most this many of the latest events the seat saw.
MAX_EVENTS_SENT = 80
#: At most this many automatic moves are made in a row without a wait before the sockets are
#: told (Shengji's deal, bots with no delay): one view for the burst.
MAX_BURST = 16


class TableError(CardrulesError):
    """A request about a table that cannot be served (no such table, a bad token …)."""

    CODE = "bad-request"


class _Play(Protocol):
    """A match in progress, in strings: what :class:`LiveTable` needs of a game's state."""

    @property
    def version(self) -> int: ...

    @property
    def over(self) -> bool: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def phase(self) -> str: ...

    def apply_text(self, seat: int, text: str) -> tuple[str, tuple[Event, ...]]: ...

    def automatic(
        self, passed: dict[int, tuple[Cards, tuple[str, ...]]]
    ) -> tuple[int, str] | None: ...

    def options(self, seat: int) -> tuple[str, ...]: ...

    def forced_pass(
        self, seat: int, passed: tuple[Cards, tuple[str, ...]] | None
    ) -> str | None: ...

    def hand(self, seat: int) -> Cards: ...

    def seat_message(self, seat: int, lang: str) -> JSONObject: ...

    def events_seen(self, seat: int, lang: str) -> list[JSONObject]: ...

    def result(self) -> JSONObject | None: ...


def _is_pass(text: str) -> bool:
    return text.endswith(": pass")


class _Match(Generic[M]):
    """One match of a game with its moves' events, and the bots at its bot seats."""

    def __init__(
        self, state: GameState[M], entry: GameEntry[M], seats: Sequence[Seat], seed: int
    ) -> None:
        self.state = state
        self.entry = entry
        self.seed = seed
        self.version = 0
        #: the latest events, each with the number of the move that made it; ``dropped`` is how
        #: many older ones were let go (a message sends only the latest)
        self.events: list[tuple[int, Event]] = []
        self.dropped = 0
        #: per (seat, language): how many events have been read for it, and its latest lines
        self.seen: dict[tuple[int, str], tuple[int, deque[JSONObject]]] = {}
        self.bots: dict[int, Bot[M]] = {}
        for n, seat in enumerate(seats):
            if seat.kind == "bot":
                self.bots[n] = entry.bots[str(seat.level)]()

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def turn(self) -> int | None:
        return self.state.turn

    @property
    def phase(self) -> str:
        return str(self.state.phase)

    def apply_text(self, seat: int, text: str) -> tuple[str, tuple[Event, ...]]:
        """Apply ``seat``'s move ``text`` (its ``seat:`` prefix may be left out); the move's full
        text and its events. A move the rules refuse raises :class:`IllegalMoveError`."""
        if ":" not in text:
            text = f"{seat}: {text}"
        move = self.state.view(seat).parse_move(text)
        return self._step(move)

    def _step(self, move: M) -> tuple[str, tuple[Event, ...]]:
        self.state, events = self.state.step(move)
        self.version += 1
        self.events.extend((self.version, e) for e in events)
        # keep what a message can still send, per seat, with room: the log is not the record
        if len(self.events) > 40 * MAX_EVENTS_SENT:
            cut = len(self.events) - 20 * MAX_EVENTS_SENT
            del self.events[:cut]
            self.dropped += cut
        return str(move), events

    def options(self, seat: int) -> tuple[str, ...]:
        """The seat's first legal moves, as texts (enough to tell a moment from the last one);
        none for a choice too large to list."""
        moves = self.state.legal_moves(seat)
        if not moves.listable():
            return ()
        return tuple(str(m) for m in itertools.islice(moves, MAX_LISTED))

    def hand(self, seat: int) -> Cards:
        return self.state.view(seat).hand

    def automatic(self, passed: dict[int, tuple[Cards, tuple[str, ...]]]) -> tuple[int, str] | None:
        """The next move made without asking a person, as ``(seat, text)`` — a bot's, or a pass
        made for a person — or ``None`` when the table waits for a person."""
        if self.state.is_over:
            return None
        rng = SeededRandom(derive_seed(self.seed, self.version))
        turn = self.state.turn
        for seat in askers(self.state):
            bot = self.bots.get(seat)
            if bot is not None:
                move = bot.choose(self.state.view(seat), rng)
                if move is not None:
                    return seat, str(move)
                if seat == turn:
                    raise CardrulesError(f"the bot of seat {seat} did not move", code="bot-failed")
            elif seat == turn:
                forced = self.forced_pass(seat, passed.get(seat))
                return None if forced is None else (seat, forced)
        return None

    def forced_pass(self, seat: int, passed: tuple[Cards, tuple[str, ...]] | None) -> str | None:
        """The pass made for the person at ``seat`` in turn without asking, if any, as
        ``cardrules play`` makes it (:func:`cardrules.play.forced_pass`)."""
        return forced_pass(self.hand(seat), self.options(seat), passed, _is_pass)

    def seat_message(self, seat: int, lang: str) -> JSONObject:
        view: GameView[M] = self.state.view(seat)
        moves = view.legal_moves(seat) if not self.state.is_over else None
        legal: list[str] = []
        listed_all = True
        choices: list[str] = []
        kinds: list[str] = []
        if moves is not None and moves:
            if moves.listable():
                listed = list(itertools.islice(moves, MAX_LISTED + 1))
                listed_all = len(listed) <= MAX_LISTED
                shown = listed[:MAX_LISTED]
            else:
                described = moves.describe()
                shown = list(described.moves[:MAX_LISTED])
                listed_all = False
                choices = [c.pretty() for c in described.choices[:MAX_LISTED]]
                kinds = [str(c.kind) for c in described.choices]
            legal = [str(m).partition(": ")[2] for m in shown]
            kinds = sorted({str(m.kind) for m in shown} | set(kinds))
        document = view.to_json()
        return {
            "round": document.get("round"),
            "phase": str(view.phase),
            "turn": view.turn,
            "levels": [str(r) for r in view.levels],
            "in_turn": view.turn == seat,
            "may_move": bool(legal) or bool(choices),
            "legal": list(legal),
            "listed_all": listed_all,
            "choices": list(choices),
            "kinds": list(kinds),
            "hand": [[str(c) for c in group] for group in view.arranged_hand()],
            "hand_sizes": list(view.hand_sizes),
            "trick": [{"seat": m.seat, "move": str(m).partition(": ")[2]} for m in view.trick],
            "view": document,
        }

    def events_seen(self, seat: int, lang: str) -> list[JSONObject]:
        """The latest events ``seat`` saw, as lines in ``lang``: each event is read once per seat
        and language, when the first message after it is built."""
        total = self.dropped + len(self.events)
        read, lines = self.seen.get((seat, lang), (0, deque(maxlen=MAX_EVENTS_SENT)))
        start = max(read, self.dropped, total - 4 * MAX_EVENTS_SENT)
        if start < total:
            words = catalog(lang)
            for n, event in self.events[start - self.dropped :]:
                for shown in self.entry.seen_events([event], seat):
                    text = shown.describe()
                    if text and lang != "en":
                        text = words.event_line(self.entry.name, shown.to_json()) or text
                    if text:
                        lines.append({"n": n, "event": shown.NAME, "text": text})
            self.seen[(seat, lang)] = (total, lines)
        return list(lines)

    def result(self) -> JSONObject | None:
        return self.state.result().to_json() if self.state.is_over else None


class _Start:
    """Hands the started match to :class:`_Match` with the game's types kept."""

    def __init__(self, seats: Sequence[Seat], seed: int) -> None:
        self.seats = seats
        self.seed = seed

    def __call__(self, state: GameState[M], entry: GameEntry[M]) -> _Play:
        return _Match(state, entry, self.seats, self.seed)


@attrs.define
class Connection:
    """One socket at a table: the seat it is joined as, its language, and how to send to it."""

    seat: int
    lang: str
    send: Callable[[JSONObject], Any]
    #: the table has changed since the last view this socket was sent
    stale: bool = False
    #: the task sending this socket its views, while it runs
    sender: asyncio.Task[None] | None = None


class LiveTable:
    """A stored table, replayed; see the module's docstring for how it is played."""

    def __init__(self, stored: StoredTable) -> None:
        self.stored = stored
        self.id = stored.id
        self.game = game_named(stored.game)
        try:
            self.variant: VariantBase = variant_from_table(
                stored.variant, source=f"table {self.id}"
            )
        except CardrulesError as err:
            raise CardrulesError(f"table {self.id}: {err}", code="bad-store") from None
        self.seats = stored.seats
        self.moves: list[str] = []
        self.automatic: list[bool] = []
        self.movers: list[int] = []
        #: what each person could do when they last passed in turn (their hand, their choices)
        self.passed: dict[int, tuple[Cards, tuple[str, ...]]] = {}
        #: what each person was last given a window to do out of turn
        self.offered: dict[int, tuple[Cards, tuple[str, ...]]] = {}
        self.connections: list[Connection] = []
        #: whether a bot here searches (the expert level), so its moves are chosen off the loop
        self.slow_bots = any(s.kind == "bot" and s.level == "expert" for s in self.seats)
        self.lock = asyncio.Lock()
        self.play = self._replay(stored.moves, stored.automatic)

    def _replay(self, moves: Sequence[str], automatic: Sequence[bool]) -> _Play:
        play = self.game.seat_bots(
            self.variant, self.stored.seed, _Start(self.seats, self.stored.seed)
        )
        self.moves, self.automatic, self.movers = [], [], []
        self.passed = {}
        for text, auto in zip(moves, automatic, strict=True):
            seat_text, _, _ = text.partition(":")
            try:
                seat = int(seat_text)
                # a person's own pass: what they could do then, kept as play_text keeps it
                chose_pass = (
                    not auto
                    and text.endswith(": pass")
                    and 0 <= seat < len(self.seats)
                    and self.seats[seat].kind == "person"
                )
                before = (play.hand(seat), play.options(seat)) if chose_pass else None
                full, _ = play.apply_text(seat, text)
            except (CardrulesError, ValueError) as err:
                raise CardrulesError(
                    f"table {self.id}: stored move {len(self.moves)} ({text}) cannot be replayed: "
                    f"{err}",
                    code="bad-store",
                ) from None
            self.moves.append(full)
            self.automatic.append(auto)
            self.movers.append(seat)
            if before is not None:
                self.passed[seat] = before
        return play

    @property
    def players(self) -> int:
        """How many seats the table has."""
        return len(self.seats)

    @property
    def version(self) -> int:
        """How many moves have been played: a view's version, which a move is sent with."""
        return len(self.moves)

    def seat_of(self, token: object) -> int:
        """The seat whose token is ``token`` (``bad-token`` else), compared in constant time."""
        if isinstance(token, str):
            for n, seat in enumerate(self.seats):
                if seat.token is not None and secrets.compare_digest(seat.token, token):
                    return n
        raise TableError("no seat of this table has that token", code="bad-token")

    def play_text(self, seat: int, text: str) -> tuple[str, tuple[Event, ...]]:
        """Play a person's move; refuses a move the rules refuse (its refusal code)."""
        options = self.play.options(seat)
        hand = self.play.hand(seat)
        full, events = self.play.apply_text(seat, text)
        if full.endswith(": pass"):  # a pass is only ever made in turn
            self.passed[seat] = (hand, options)
        self.moves.append(full)
        self.automatic.append(False)
        self.movers.append(seat)
        return full, events

    def automatic_move(self) -> tuple[int, str] | None:
        """The next move made without asking a person, or ``None``: the table waits."""
        return self.play.automatic(self.passed)

    def apply_automatic(self, seat: int, text: str) -> None:
        """Apply a move :meth:`automatic_move` gave."""
        full, _ = self.play.apply_text(seat, text)
        self.moves.append(full)
        self.automatic.append(True)
        self.movers.append(seat)

    def fresh_out_of_turn(self, seats: Sequence[int]) -> bool:
        """Whether a person at ``seats`` may now act out of turn with choices they have not been
        given a window for; marks them given."""
        fresh = False
        turn = self.play.turn
        for seat in seats:
            if seat == turn or self.seats[seat].kind != "person" or self.play.over:
                continue
            options = self.play.options(seat)
            if not options:
                continue
            now = (self.play.hand(seat), options)
            if self.offered.get(seat) != now:
                self.offered[seat] = now
                fresh = True
        return fresh

    def undoable(self, seat: int) -> int | None:
        """How many moves stay if ``seat`` takes back its last move, or ``None``: it has not
        moved, or another person has acted since (CORE decision: nothing else depends on it)."""
        if self.seats[seat].kind != "person":
            return None
        for n in range(len(self.moves) - 1, -1, -1):
            if not self.automatic[n]:
                return n if self.movers[n] == seat else None
        return None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last move (and the automatic moves after it): the moves left."""
        keep = self.undoable(seat)
        if keep is None:
            raise TableError("nothing of yours can be taken back now", code="no-undo")
        self.play = self._replay(self.moves[:keep], self.automatic[:keep])
        self.offered.clear()
        return keep

    def message(self, seat: int, lang: str) -> JSONObject:
        """What ``seat`` is sent: its view, its legal moves, the table's seats and the events it
        saw — nothing of another hand."""
        body: JSONObject = {
            "type": "view",
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "variant": self.variant.name,
            "seat": seat,
            "players": self.players,
            "version": self.version,
        }
        body.update(self.play.seat_message(seat, lang))
        # a pass the server makes for the person: nothing to choose (it is made at once)
        forced = (
            self.seats[seat].kind == "person"
            and self.play.turn == seat
            and self.play.forced_pass(seat, self.passed.get(seat)) is not None
        )
        body["auto"] = forced
        if forced:
            body["may_move"] = False
        here = {c.seat for c in self.connections}
        body["over"] = self.play.over
        body["result"] = self.play.result()
        body["undo"] = self.undoable(seat) is not None
        body["seats"] = [
            {"seat": n, "team": n % 2, "kind": s.kind, "level": s.level, "here": n in here}
            for n, s in enumerate(self.seats)
        ]
        body["events"] = list(self.play.events_seen(seat, lang))
        return body

    def record(self) -> Record:
        """The table's game record (refused ``not-over`` before the match ends: the seed and the
        moves tell every hand)."""
        if not self.play.over:
            raise TableError(
                "the record is given once the match is over (its seed tells every hand)",
                code="not-over",
            )
        return Record(
            game=self.game.name,
            variant=self.variant,
            seed=self.stored.seed,
            moves=tuple(self.moves),
            result=self.play.result(),
        )


def presets() -> list[JSONObject]:
    """The games and their presets, for a new table's form."""
    out: list[JSONObject] = []
    for name in ("siyaosi", "shengji"):
        game = game_named(name)
        shown: list[JSON] = []
        for _, preset in list_presets(name):
            variant = load_variant(preset, game=name)
            shown.append(
                {"name": preset, "players": variant.players, "description": variant.description}
            )
        out.append({"name": name, "title": game.title, "presets": list(shown)})
    return out


class Hub:
    """Every table the server serves: made, joined, played and told, stored in ``store``.

    ``bot_delay`` is how long the bots wait before each move (a person can follow the play);
    ``window`` how long they wait when a person may act out of turn with new choices."""

    def __init__(self, store: Store, *, bot_delay: float = 0.4, window: float = 1.5) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.window = window
        self.tables: dict[str, LiveTable] = {}
        self._running: dict[str, asyncio.Task[None]] = {}

    # Making and finding tables ----------------------------------------------------------------
    def create(self, game: object, variant: object, seats: object, seed: object) -> LiveTable:
        """A new table of preset ``variant`` of ``game`` with ``seats`` (``"person"`` or a level
        of :data:`LEVELS`, one per seat), dealt from ``seed`` (drawn when ``None``)."""
        entry = game_named(game)
        names = [p for _, p in list_presets(entry.name)]
        if not isinstance(variant, str) or variant not in names:
            raise TableError(
                f"'variant' is a preset of {entry.name}: one of {', '.join(names)}",
                code="bad-request",
            )
        loaded = load_variant(variant, game=entry.name)
        if (
            not isinstance(seats, list)
            or len(seats) != loaded.players
            or not all(s == "person" or s in LEVELS for s in seats)
        ):
            raise TableError(
                f"'seats' lists {loaded.players} seats, each \"person\" or a level "
                f"({', '.join(LEVELS)})",
                code="bad-seats",
            )
        if "person" not in seats:
            raise TableError("a table needs at least one person", code="bad-seats")
        if seed is None:
            seed = secrets.randbelow(2**63)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise TableError("'seed' is an integer 0 … 2^63-1", code="bad-request")
        seated = tuple(
            Seat("person", token=secrets.token_urlsafe(18))
            if s == "person"
            else Seat("bot", level=str(s))
            for s in seats
        )
        table_id = secrets.token_urlsafe(9)
        self.store.add_table(table_id, entry.name, loaded.to_json(), seed, seated)
        stored = self.store.table(table_id)
        assert stored is not None
        live = LiveTable(stored)
        self.tables[table_id] = live
        return live

    def get(self, table_id: object) -> LiveTable:
        """The table ``table_id``, rebuilt from the store if the server has not served it yet
        (``no-table`` if there is none)."""
        if not isinstance(table_id, str) or len(table_id) > 64:
            raise TableError("no such table", code="no-table")
        live = self.tables.get(table_id)
        if live is None:
            stored = self.store.table(table_id)
            if stored is None:
                raise TableError("no such table", code="no-table")
            live = LiveTable(stored)
            self.tables[table_id] = live
        return live

    # Connections ------------------------------------------------------------------------------
    async def join(self, live: LiveTable, connection: Connection) -> None:
        """Seat a socket at its table: it is sent its view, and the bots go on if they may."""
        live.connections.append(connection)
        await self._tell(live)
        self.wake(live)

    async def leave(self, live: LiveTable, connection: Connection) -> None:
        """A socket left."""
        if connection in live.connections:
            live.connections.remove(connection)
        await self._tell(live, only_others=connection)

    async def send_view(self, live: LiveTable, connection: Connection) -> None:
        """Send one socket its view again."""
        await connection.send(live.message(connection.seat, connection.lang))

    # Playing ----------------------------------------------------------------------------------
    async def play(self, live: LiveTable, seat: int, text: str, version: object) -> None:
        """A person's move from the socket of ``seat``: judged when it lands, stored, told."""
        async with live.lock:
            if version is not None and version != live.version:
                raise TableError(
                    f"the table has moved on (version {live.version}, your view {version})",
                    code="stale-view",
                )
            before = live.version
            full, _ = live.play_text(seat, text)
            self.store.add_move(live.id, before, seat, full, automatic=False)
        await self._tell(live)
        self.wake(live)

    async def undo(self, live: LiveTable, seat: int) -> None:
        """Take back ``seat``'s last move (``no-undo`` when another person has acted since)."""
        async with live.lock:
            keep = live.undo(seat)
            self.store.truncate(live.id, keep)
        await self._tell(live)
        self.wake(live)

    def wake(self, live: LiveTable) -> None:
        """Let the table's bots go on (one runner per table)."""
        task = self._running.get(live.id)
        if task is None or task.done():
            self._running[live.id] = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        try:
            await self._bots_play(live)
        except CardrulesError as err:  # a bot that fails stalls its table: say so, do not hide it
            _log.error("table %s: the bots stopped: %s", live.id, err)
            failed: JSONObject = {
                "type": "error",
                "code": err.code,
                "message": f"the bots stopped: {err}",
            }
            for connection in list(live.connections):
                with contextlib.suppress(Exception):  # a socket gone away: nothing to tell
                    await connection.send(failed)

    def _wait(self, live: LiveTable) -> float:
        """How long the bots wait before the table's next automatic move."""
        if live.fresh_out_of_turn([c.seat for c in live.connections]):
            return self.window  # a person may now play out of turn: let their cards land
        if live.play.phase == "deal":
            return 0.0  # Shengji's deal: a card a turn, nothing to watch
        return self.bot_delay

    async def _bots_play(self, live: LiveTable) -> None:
        """Make the table's automatic moves, waiting :meth:`_wait` before each. Moves that need
        no wait are made in one burst (at most :data:`MAX_BURST`) and told in one view."""
        async with live.lock:
            wait, version = self._wait(live), live.version
        while not live.play.over:
            await asyncio.sleep(wait)  # sleep(0) too: the other tables get their turn
            moved = 0
            async with live.lock:
                if live.version != version:  # a person moved meanwhile: look again
                    wait, version = self._wait(live), live.version
                    continue
                found: tuple[int, str] | None = None
                while moved < MAX_BURST:
                    if live.slow_bots:  # a search may take a while: off the event loop
                        found = await asyncio.to_thread(live.automatic_move)
                    else:  # a fraction of a millisecond: a thread hop would cost more
                        found = live.automatic_move()
                    if found is None:
                        break
                    seat, text = found
                    number = live.version
                    live.apply_automatic(seat, text)
                    self.store.add_move(live.id, number, seat, live.moves[-1], automatic=True)
                    moved += 1
                    wait = self._wait(live)
                    if wait > 0 or live.play.over:
                        break
                version = live.version
            if moved:
                await self._tell(live)
            if found is None:
                return  # the table waits for a person

    async def _tell(self, live: LiveTable, only_others: Connection | None = None) -> None:
        """Let every socket of the table (but ``only_others``) know the table changed. Each
        socket has one sender, which builds the latest view when it gets to run: moves made
        meanwhile are told in one view, so a busy server builds fewer views, not a backlog."""
        for connection in list(live.connections):
            if connection is only_others:
                continue
            connection.stale = True
            if connection.sender is None or connection.sender.done():
                connection.sender = asyncio.get_running_loop().create_task(
                    self._send_views(live, connection)
                )

    async def _send_views(self, live: LiveTable, connection: Connection) -> None:
        while connection.stale and connection in live.connections:
            connection.stale = False
            try:
                await connection.send(live.message(connection.seat, connection.lang))
            except Exception:  # a socket that went away leaves the table
                if connection in live.connections:
                    live.connections.remove(connection)
                return

    async def stop(self) -> None:
        """Stop every bot runner (the server is shutting down)."""
        for task in self._running.values():
            task.cancel()
        for task in self._running.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):  # shutting down
                await task
        self._running.clear()
