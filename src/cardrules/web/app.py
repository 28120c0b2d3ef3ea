"""The web app: the referee, the table and the rules browser, on Starlette.

Pages are static files (``cardrules/web/static``) that talk to the JSON routes and to one
WebSocket per seat; the wire protocol is written in ``docs/web.md``. Every way in is bounded
and checked as everywhere else in the library:

* a request body is at most :data:`MAX_BODY_BYTES`, a socket message at most
  :data:`MAX_MESSAGE_BYTES` (``too-large``), and must be a JSON object (``bad-json``);
* every refusal is ``{"type": "error", "code": …, "message": …}`` with a stable code, and a
  socket stays open after one;
* a seat joins by its unguessable token and is sent only its own view
  (:meth:`cardrules.web.tables.LiveTable.message`);
* pages are sent with a Content-Security-Policy that allows only the app's own scripts.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardrules.errors import CardrulesError
from cardrules.i18n import LANGUAGES
from cardrules.jsonio import JSONObject
from cardrules.limits import MAX_FILE_BYTES
from cardrules.variant import list_presets, load_variant
from cardrules.web.referee import dispute_id, rule_on_text, rules_index
from cardrules.web.store import Store
from cardrules.web.tables import LEVELS, Connection, Hub, LiveTable, TableError, presets

__all__ = ["MAX_BODY_BYTES", "MAX_MESSAGE_BYTES", "create_app"]

#: The largest request body taken: a case file at its limit, and room for the JSON around it.
MAX_BODY_BYTES = MAX_FILE_BYTES + 4096
#: The largest socket message taken (a move is a few dozen bytes).
MAX_MESSAGE_BYTES = 4096

_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
_HEADERS = {
    "Content-Security-Policy": _CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_STATUS = {
    "no-table": 404,
    "bad-token": 403,
    "not-your-seat": 403,
    "not-over": 409,
    "stale-view": 409,
    "too-large": 413,
}


def _static() -> Path:
    return Path(str(files("cardrules.web") / "static"))


def _error(err: CardrulesError) -> JSONObject:
    return {"type": "error", "code": err.code, "message": str(err)}


def _refuse(err: CardrulesError) -> JSONResponse:
    return JSONResponse(_error(err), status_code=_STATUS.get(err.code, 400), headers=_HEADERS)


def _lang(value: object) -> str:
    return value if isinstance(value, str) and value in LANGUAGES else "en"


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read at most :data:`MAX_BODY_BYTES` bytes."""
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise CardrulesError(f"a request is at most {MAX_BODY_BYTES} bytes", code="too-large")
        chunks.append(chunk)
    return _object(b"".join(chunks))


def _object(raw: bytes | str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise CardrulesError("the body is not JSON", code="bad-json") from None
    if not isinstance(value, dict):
        raise CardrulesError("the body is a JSON object", code="bad-json")
    return value


def create_app(
    db: str | Path = ":memory:", *, bot_delay: float = 0.4, window: float = 1.5
) -> Starlette:
    """The web app serving the tables stored in the SQLite file ``db``; ``bot_delay`` is how
    long a bot waits before it moves, ``window`` how long the bots wait when a person may act
    out of turn with new choices (seconds)."""
    store = Store(db)
    hub = Hub(store, bot_delay=bot_delay, window=window)
    static = _static()

    def page(name: str) -> Any:
        async def serve(request: Request) -> Response:
            return FileResponse(static / name, headers=_HEADERS)

        return serve

    async def api_presets(request: Request) -> Response:
        return JSONResponse({"games": presets(), "levels": list(LEVELS)}, headers=_HEADERS)

    async def api_variant(request: Request) -> Response:
        game, preset = request.path_params["game"], request.path_params["preset"]
        if (game, preset) not in list_presets():
            return _refuse(CardrulesError("no such preset", code="bad-request"))
        return JSONResponse(load_variant(preset, game=game).to_json(), headers=_HEADERS)

    async def api_new_table(request: Request) -> Response:
        try:
            body = _body_checked(await _body(request), ("game", "variant", "seats", "seed"))
            live = hub.create(
                body.get("game"), body.get("variant"), body.get("seats"), body.get("seed")
            )
        except CardrulesError as err:
            return _refuse(err)
        links = [
            {"seat": n, "token": s.token, "url": f"/table/{live.id}?token={s.token}"}
            for n, s in enumerate(live.seats)
            if s.token is not None
        ]
        return JSONResponse({"table": live.id, "links": links}, headers=_HEADERS)

    async def api_record(request: Request) -> Response:
        try:
            live = hub.get(request.path_params["table"])
            live.seat_of(request.query_params.get("token"))
            text = live.record().to_toml()
        except CardrulesError as err:
            return _refuse(err)
        headers = dict(_HEADERS)
        headers["Content-Disposition"] = f'attachment; filename="cardrules-{live.id}.toml"'
        return Response(text, media_type="text/plain; charset=utf-8", headers=headers)

    async def api_judge(request: Request) -> Response:
        try:
            body = _body_checked(await _body(request), ("text", "lang"))
            text = body.get("text")
            rulings = rule_on_text(text, body.get("lang", "en"))
        except CardrulesError as err:
            return _refuse(err)
        assert isinstance(text, str)
        key = dispute_id(text)
        store.add_dispute(key, text)
        return JSONResponse(
            {"dispute": key, "url": f"/referee?dispute={key}", "rulings": rulings},
            headers=_HEADERS,
        )

    async def api_dispute(request: Request) -> Response:
        key = request.path_params["dispute"]
        text = store.dispute(key) if len(key) <= 64 else None
        if text is None:
            return _refuse(CardrulesError("no such dispute", code="no-table"))
        return JSONResponse({"dispute": key, "text": text}, headers=_HEADERS)

    async def api_rules(request: Request) -> Response:
        try:
            clauses = rules_index(request.query_params.get("lang", "en"))
        except CardrulesError as err:
            return _refuse(err)
        return JSONResponse({"clauses": clauses}, headers=_HEADERS)

    async def table_socket(socket: WebSocket) -> None:
        await socket.accept()
        try:
            live = hub.get(socket.path_params["table"])
            seat = live.seat_of(socket.query_params.get("token"))
        except CardrulesError as err:
            await socket.send_json(_error(err))
            await socket.close(code=4403)
            return
        connection = Connection(seat, _lang(socket.query_params.get("lang")), socket.send_json)
        await hub.join(live, connection)
        try:
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    raw = frame.get("text")
                    if not isinstance(raw, str):  # a binary frame: refused, the socket stays open
                        raise CardrulesError("a message is a JSON text frame", code="bad-json")
                    await _on_message(hub, live, connection, raw)
                except CardrulesError as err:
                    await socket.send_json(_error(err))
                    if err.code == "stale-view":  # the move lost the race: here is the table now
                        await hub.send_view(live, connection)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            await hub.leave(live, connection)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hub.stop()
        store.close()

    routes = [
        Route("/", page("index.html")),
        Route("/table/{table}", page("table.html")),
        Route("/referee", page("referee.html")),
        Route("/rules", page("rules.html")),
        Route("/api/presets", api_presets),
        Route("/api/variants/{game}/{preset}", api_variant),
        Route("/api/tables", api_new_table, methods=["POST"]),
        Route("/api/tables/{table}/record", api_record),
        Route("/api/judge", api_judge, methods=["POST"]),
        Route("/api/disputes/{dispute}", api_dispute),
        Route("/api/rules", api_rules),
        WebSocketRoute("/ws/tables/{table}", table_socket),
        Mount("/static", StaticFiles(directory=static), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app


def _body_checked(body: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    for key in body:
        if key not in keys:
            raise CardrulesError(
                f"unknown field {str(key)[:40]!r} (a request has {', '.join(keys)})",
                code="bad-request",
            )
    return body


async def _on_message(hub: Hub, live: LiveTable, connection: Connection, raw: str) -> None:
    if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise CardrulesError(f"a message is at most {MAX_MESSAGE_BYTES} bytes", code="too-large")
    message = _object(raw)
    kind = message.get("type")
    if kind == "view":
        await hub.send_view(live, connection)
    elif kind == "undo":
        await hub.undo(live, connection.seat)
    elif kind == "move":
        text, version = message.get("move"), message.get("version")
        if not isinstance(text, str) or not text.strip():
            raise CardrulesError("a move message has the move's text in 'move'", code="bad-message")
        if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
            raise CardrulesError("'version' is the view's version, an integer", code="bad-message")
        seat_text, colon, _ = text.partition(":")
        if colon and seat_text.strip() != str(connection.seat):
            raise TableError("a seat's socket moves only for its seat", code="not-your-seat")
        await hub.play(live, connection.seat, text.strip(), version)
    else:
        raise CardrulesError("a message's 'type' is one of move, undo, view", code="bad-message")
