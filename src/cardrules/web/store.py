"""Where the web app keeps everything: tables, their moves, and disputes, in SQLite.

Nothing of a table is held only in memory. A table is stored as what it was started from — the
game, the variant, the seed and who sits where — and the moves played, one row each, in order;
the server rebuilds a table by replaying them (:class:`cardrules.web.tables.LiveTable`), so a
restart resumes every table where it stood, and a move is stored before any seat is told of it.

The standard library's :mod:`sqlite3`, in WAL mode, one connection per :class:`Store` (the
server's event loop and its bot thread share it under a lock).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

import attrs

from cardrules.errors import CardrulesError
from cardrules.jsonio import JSONObject

__all__ = ["Seat", "Store", "StoredTable"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    automatic INTEGER NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS disputes (
    id TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    created REAL NOT NULL
);
"""


@attrs.frozen
class Seat:
    """Who sits at a seat: a ``"person"`` joined by ``token``, or a ``"bot"`` of ``level``."""

    kind: str
    token: str | None = None
    level: str | None = None

    def to_json(self) -> JSONObject:
        """The seat as stored (the token included: never send this to a client)."""
        return {"kind": self.kind, "token": self.token, "level": self.level}


@attrs.frozen
class StoredTable:
    """A table as stored: how it started, and its moves with whether each was made for a seat
    without asking it (a bot's, or a pass a person could not refuse)."""

    id: str
    game: str
    variant: JSONObject
    seed: int
    seats: tuple[Seat, ...]
    moves: tuple[str, ...]
    automatic: tuple[bool, ...]


class Store:
    """The SQLite file at ``path`` (``":memory:"`` for a throwaway one). A file that cannot be
    opened, or is not a table store, is a :class:`CardrulesError` with code ``bad-store``."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as err:
            raise CardrulesError(
                f"cannot open the table store {self.path}: {err}", code="bad-store"
            ) from None

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

    def _run(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as err:
                raise CardrulesError(f"the table store failed: {err}", code="bad-store") from None

    # Tables -----------------------------------------------------------------------------------
    def add_table(
        self, table_id: str, game: str, variant: JSONObject, seed: int, seats: tuple[Seat, ...]
    ) -> None:
        """Store a new table."""
        self._run(
            "INSERT INTO tables (id, game, variant, seed, seats, created) VALUES (?,?,?,?,?,?)",
            (
                table_id,
                game,
                json.dumps(variant, ensure_ascii=False),
                seed,
                json.dumps([s.to_json() for s in seats]),
                time.time(),
            ),
        )

    def add_move(self, table_id: str, n: int, seat: int, move: str, *, automatic: bool) -> None:
        """Store move number ``n`` (from 0) of the table; a second move of the same number is
        refused by the database, so no move is stored twice."""
        self._run(
            "INSERT INTO moves (table_id, n, seat, move, automatic) VALUES (?,?,?,?,?)",
            (table_id, n, seat, move, int(automatic)),
        )

    def truncate(self, table_id: str, keep: int) -> None:
        """Forget the table's moves from number ``keep`` on (an undo)."""
        self._run("DELETE FROM moves WHERE table_id = ? AND n >= ?", (table_id, keep))

    def table(self, table_id: str) -> StoredTable | None:
        """The stored table ``table_id``, or ``None``."""
        rows = self._run("SELECT game, variant, seed, seats FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        game, variant, seed, seats = rows[0]
        moves = self._run(
            "SELECT move, automatic FROM moves WHERE table_id = ? ORDER BY n", (table_id,)
        )
        try:
            seated = tuple(Seat(**s) for s in json.loads(str(seats)))
            return StoredTable(
                id=table_id,
                game=str(game),
                variant=json.loads(str(variant)),
                seed=int(str(seed)),
                seats=seated,
                moves=tuple(str(m) for m, _ in moves),
                automatic=tuple(bool(a) for _, a in moves),
            )
        except (TypeError, ValueError) as err:
            raise CardrulesError(
                f"table {table_id} is stored wrongly: {err}", code="bad-store"
            ) from None

    def table_ids(self) -> tuple[str, ...]:
        """Every stored table's id, oldest first."""
        return tuple(str(r[0]) for r in self._run("SELECT id FROM tables ORDER BY created"))

    # Disputes ---------------------------------------------------------------------------------
    def add_dispute(self, dispute_id: str, text: str) -> None:
        """Keep a dispute's case text under its id (the same text keeps the same id)."""
        self._run(
            "INSERT OR IGNORE INTO disputes (id, text, created) VALUES (?,?,?)",
            (dispute_id, text, time.time()),
        )

    def dispute(self, dispute_id: str) -> str | None:
        """The case text of dispute ``dispute_id``, or ``None``."""
        rows = self._run("SELECT text FROM disputes WHERE id = ?", (dispute_id,))
        return str(rows[0][0]) if rows else None
