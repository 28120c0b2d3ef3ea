"""``cardrules serve``: the reference web app, built on the library as a game app would be.

Three pages — the **referee** (build or paste a dispute, get the ruling with its clauses), the
**table** (play a whole match of either game against computer players, or with friends, one link
per seat) and the **rules browser** — on Starlette, served by uvicorn, live over WebSockets, with
every table stored in SQLite so a restart resumes it. An optional extra:
``pip install 'cardrules[web]'``.

:func:`create_app` is the ASGI app (for any ASGI server, or a test client); :func:`serve` runs it.
"""

from __future__ import annotations

from pathlib import Path

from cardrules.web.app import create_app

__all__ = ["create_app", "serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path = "cardrules-tables.sqlite3",
    *,
    bot_delay: float = 0.4,
    window: float = 1.5,
) -> None:
    """Serve the app on ``host``:``port`` with uvicorn until interrupted, the tables in ``db``."""
    import uvicorn  # the server is needed only to serve

    app = create_app(db, bot_delay=bot_delay, window=window)
    # Messages are views of a few kilobytes; compressing each costs the server more CPU than
    # the bytes cost the network (the load benchmark measured it), so sockets are uncompressed.
    uvicorn.run(
        app,
        host=host,
        port=port,
        ws_max_size=65536,
        ws_per_message_deflate=False,
        log_level="info",
    )
