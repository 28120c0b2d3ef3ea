"""The web app's tables over HTTP and the socket: whole rounds against bots, hostile messages,
restarts, undo, a 叉 out of turn, the record, and Shengji's deal (``cardrules.web``).

Every table is dealt from a fixed seed and the person moves only when the table waits for them
(:func:`settled`: no bot or automatic pass is due), so each run plays the same moves; the bots
move at once (``bot_delay=0``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import anyio
import attrs
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient, WebSocketTestSession

from cardrules.game import GameState, MoveLike
from cardrules.jsonio import JSONObject
from cardrules.multiset import Cards
from cardrules.records import read_record, replay
from cardrules.registry import game_named
from cardrules.shengji import MatchView as ShengjiMatchView
from cardrules.siyaosi import MatchView as SiyaosiMatchView
from cardrules.web import create_app
from cardrules.web.app import MAX_BODY_BYTES, MAX_MESSAGE_BYTES
from cardrules.web.tables import Hub, LiveTable, _Match

M = TypeVar("M", bound=MoveLike)
Message = dict[str, Any]

#: How long a read from a socket may wait before the test fails (instead of hanging).
TIMEOUT = 30.0


# ------------------------------------------------------------------------------------ helpers
def make_app(db: Path, *, window: float = 0.0) -> Starlette:
    return create_app(str(db), bot_delay=0.0, window=window)


def hub_of(app: Starlette) -> Hub:
    hub = app.state.hub
    assert isinstance(hub, Hub)
    return hub


def new_table(
    client: TestClient, game: str, preset: str, seats: Sequence[str], seed: int
) -> tuple[str, list[str]]:
    """A new table's id and its persons' tokens, seat by seat."""
    response = client.post(
        "/api/tables", json={"game": game, "variant": preset, "seats": list(seats), "seed": seed}
    )
    assert response.status_code == 200, response.text
    body = response.json()
    links = body["links"]
    assert [link["seat"] for link in links] == [n for n, s in enumerate(seats) if s == "person"]
    for link in links:
        assert link["url"] == f"/table/{body['table']}?token={link['token']}"
    return body["table"], [link["token"] for link in links]


def socket_url(table: str, token: str) -> str:
    return f"/ws/tables/{table}?token={token}&lang=en"


def receive_frame(ws: WebSocketTestSession, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next ASGI message the server sent on ``ws``, failing after ``timeout`` seconds
    (the test client's own receive waits for ever)."""

    async def get() -> dict[str, Any]:
        with anyio.fail_after(timeout):
            return dict(await ws._send_rx.receive())

    return ws.portal.call(get)


def receive(ws: WebSocketTestSession) -> Message:
    """The next JSON message the server sent on ``ws``."""
    frame = receive_frame(ws)
    assert frame["type"] == "websocket.send", frame
    message = json.loads(frame["text"])
    assert isinstance(message, dict)
    return message


def receive_view(ws: WebSocketTestSession) -> Message:
    message = receive(ws)
    assert message["type"] == "view", message
    return message


def game_state(live: LiveTable) -> GameState[Any]:
    """The live table's game state (the match ``_Match`` plays)."""
    play = live.play
    assert isinstance(play, _Match)
    return play.state


def settled(ws: WebSocketTestSession, live: LiveTable, version: int) -> bool:
    """Whether the table still stands at ``version`` and waits for a person (no bot move nor
    automatic pass is due), asked in the server's event loop under the table's lock."""

    async def check() -> bool:
        async with live.lock:
            return live.version == version and live.automatic_move() is None

    return ws.portal.call(check)


def snapshot(ws: WebSocketTestSession, live: LiveTable) -> tuple[int, GameState[Any], list[str]]:
    """The table's version, state and moves, read at one instant of the server's loop."""

    def read() -> tuple[int, GameState[Any], list[str]]:
        return live.version, game_state(live), list(live.moves)

    return ws.portal.call(read)


def waits(ws: WebSocketTestSession, live: LiveTable, message: Message, after: int) -> bool:
    """Whether ``message`` is past version ``after`` and the table waits for a person on it."""
    return message["version"] > after and settled(ws, live, message["version"])


def until(ws: WebSocketTestSession, want: Callable[[Message], bool], limit: int = 5000) -> Message:
    """The first view ``ws`` is sent that ``want`` accepts (errors are not expected)."""
    for _ in range(limit):
        message = receive_view(ws)
        if want(message):
            return message
    raise AssertionError(f"no such view in {limit} messages")


def move_text(move: MoveLike) -> str:
    return str(move).partition(": ")[2]


def first_legal(message: Message) -> str:
    """The first legal move listed; a choice too large to list is drawn from the view rebuilt
    from its JSON, as a client would (CORE-VIEW-1)."""
    if message["legal"]:
        text = message["legal"][0]
        assert isinstance(text, str)
        return text
    view = view_from_json(message)
    return move_text(view.legal_moves(message["seat"]).describe().sample(random.Random(0)))


def view_from_json(message: Message) -> SiyaosiMatchView | ShengjiMatchView:
    if message["game"] == "siyaosi":
        return SiyaosiMatchView.from_json(message["view"])
    return ShengjiMatchView.from_json(message["view"])


def send_move(ws: WebSocketTestSession, text: str, version: int) -> None:
    ws.send_json({"type": "move", "move": text, "version": version})


def drive(
    ws: WebSocketTestSession,
    live: LiveTable,
    stop: Callable[[Message], bool],
    choose: Callable[[Message], str] = first_legal,
    *,
    limit: int = 5000,
) -> Iterator[Message]:
    """Every view ``ws`` is sent until one satisfies ``stop`` (that one included); the person
    answers each view on which they are in turn with a move and the table waits for them."""
    for _ in range(limit):
        message = receive(ws)
        if message["type"] == "error":
            # the first move to land wins; the fresh view follows
            assert message["code"] == "stale-view", message
            continue
        assert message["type"] == "view", message
        yield message
        if stop(message):
            return
        if message["auto"]:
            assert not message["may_move"]  # the server makes the pass: nothing to answer
            continue
        if message["may_move"] and message["in_turn"] and settled(ws, live, message["version"]):
            send_move(ws, choose(message), message["version"])
    raise AssertionError(f"no stopping view in {limit} messages")


def as_sent(document: JSONObject) -> Any:
    """``document`` as a client reads it off the socket (JSON text and back)."""
    return json.loads(json.dumps(document))


def keys_in(value: object) -> Iterator[str]:
    """Every key of every object in a JSON document."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_in(item)


class Replayed:
    """The table's moves played again from its seed by the library (not the server): each
    version's view of ``seat`` as JSON and every hand then."""

    def __init__(self, moves: Sequence[str], seat: int) -> None:
        self.moves = moves
        self.seat = seat

    def __call__(self, state: GameState[M], /) -> list[tuple[JSONObject, tuple[Cards, ...]]]:
        out = [(state.view(self.seat).to_json(), state.hands)]
        for text in self.moves:
            state = state.apply(state.parse_move(text))
            out.append((state.view(self.seat).to_json(), state.hands))
        return out


def replayed(live: LiveTable, moves: Sequence[str], seat: int) -> list[tuple[Any, ...]]:
    found = game_named(live.game.name).match_state(
        live.variant, live.stored.seed, Replayed(moves, seat)
    )
    assert found is not None
    return [tuple(x) for x in found]


# ------------------------------------------------------------------ 1. a whole round, each game
@pytest.mark.parametrize(
    ("game", "preset", "seed"), [("siyaosi", "classic", 1), ("shengji", "four-deck", 1)]
)
def test_a_person_plays_a_whole_round_against_hard_bots(
    tmp_path: Path, game: str, preset: str, seed: int
) -> None:
    app = make_app(tmp_path / "t.db")
    seats = ["person", "hard", "hard", "hard"]
    with TestClient(app) as client:
        table, (token,) = new_table(client, game, preset, seats, seed)
        live = hub_of(app).get(table)
        seen: list[Message] = []
        live_checked = 0
        with client.websocket_connect(socket_url(table, token)) as ws:
            for message in drive(ws, live, lambda m: bool(m["over"]) or m["view"]["round"] != 1):
                seen.append(message)
                # the view sent is the server's own view of the seat, when the state is still
                # the one it was built from
                version, state, _ = snapshot(ws, live)
                if version == message["version"]:
                    assert message["view"] == as_sent(state.view(0).to_json())
                    live_checked += 1
            _, _, moves = snapshot(ws, live)
    assert seen[-1]["view"]["round"] == 2  # the round was played out (the match goes on)
    assert live_checked > 0
    mine = [n for n, s in enumerate(live.movers) if s == 0 and not live.automatic[n]]
    assert len(mine) >= 10  # the person played their hand, move by move
    # every view equals the library's view of the seat after the same moves, and says only
    # what the seat may know: no hands, no other seat's cards
    states = replayed(live, moves, 0)
    for message in seen:
        view, hands = states[message["version"]]
        assert message["view"] == as_sent(view)
        assert message["seat"] == 0 and message["game"] == game and message["variant"] == preset
        assert message["hand_sizes"] == [len(h) for h in hands]
        assert sorted(c for g in message["hand"] for c in g) == sorted(str(hands[0]).split())
        assert "hands" not in set(keys_in(message))
        text = json.dumps(message, ensure_ascii=False)
        holding = [s for s in range(1, 4) if hands[s]]
        if len(holding) >= 2:  # with one other hand left, it is what the seat has not seen
            for s in holding:
                if len(hands[s]) >= 6:
                    assert str(hands[s]) not in text
    # the moves the server stored are the record so far, each legal (the replay above)
    assert [m["version"] for m in seen] == sorted(m["version"] for m in seen)


# ---------------------------------------------------------------------- 2. hostile messages
HOSTILE: list[tuple[str, str]] = [
    ("not json at all", "bad-json"),
    ("[1, 2, 3]", "bad-json"),
    ('"a string"', "bad-json"),
    ("{" * 3000, "bad-json"),
    (json.dumps({"type": "dance"}), "bad-message"),
    (json.dumps({"move": "3D"}), "bad-message"),
    (json.dumps({"type": "move"}), "bad-message"),
    (json.dumps({"type": "move", "move": "   "}), "bad-message"),
    (json.dumps({"type": "move", "move": ["3D"]}), "bad-message"),
    (json.dumps({"type": "move", "move": "3D", "version": "0"}), "bad-message"),
    (json.dumps({"type": "move", "move": "3D", "version": True}), "bad-message"),
    (json.dumps({"type": "move", "move": "3D", "version": 0.0}), "bad-message"),
    (json.dumps({"type": "move", "move": "1: pass"}), "not-your-seat"),
    (json.dumps({"type": "move", "move": "2: 3D", "version": 0}), "not-your-seat"),
    (json.dumps({"type": "move", "move": "3H", "version": 0}), "not-in-hand"),
    (json.dumps({"type": "move", "move": "0: 3D 4D", "version": 0}), "not-a-combination"),
    (json.dumps({"type": "move", "move": "pass", "version": 0}), "leader-must-play"),
    (json.dumps({"type": "move", "move": "ZZ", "version": 0}), "bad-notation"),
    (json.dumps({"type": "undo"}), "no-undo"),
    (json.dumps({"type": "view", "pad": "x" * MAX_MESSAGE_BYTES}), "too-large"),
    (json.dumps({"type": "move", "move": "3D " * 2000}), "too-large"),
]


def test_hostile_messages_get_one_error_each_and_the_socket_stays_open(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        # seed 1: the person leads the first trick, so no bot moves until they do
        table, (token,) = new_table(client, "siyaosi", "classic", ["person"] + ["hard"] * 3, 1)
        live = hub_of(app).get(table)
        with client.websocket_connect(socket_url(table, token)) as ws:
            first = receive_view(ws)
            assert first["version"] == 0 and first["in_turn"] and first["may_move"]
            assert "3H" not in [c for g in first["hand"] for c in g]
            state = game_state(live)
            refusal = state.explain(state.parse_move("0: 3H"))
            assert refusal is not None and refusal.code == "not-in-hand"
            for raw, code in HOSTILE:
                ws.send_text(raw)
                error = receive(ws)
                assert error["type"] == "error", (raw[:60], error)
                assert error["code"] == code, (raw[:60], error)
                assert isinstance(error["message"], str) and error["message"]
                # exactly one answer: the next one is the view asked for, unchanged
                ws.send_json({"type": "view"})
                again = receive_view(ws)
                assert again == first, raw[:60]
            # a binary frame is refused the same way
            ws.send_bytes(b'{"type": "view"}')
            assert receive(ws)["code"] == "bad-json"
            ws.send_json({"type": "view"})
            assert receive_view(ws) == first
            # a stale version: stale-view, then the fresh view
            send_move(ws, "3D", 7)
            stale = receive(ws)
            assert stale["type"] == "error" and stale["code"] == "stale-view"
            assert receive_view(ws) == first
            assert live.version == 0 and live.moves == []
            # and the socket still plays
            send_move(ws, "0: 3D", 0)
            after = receive_view(ws)
            assert after["version"] == 1
            assert after["trick"][0] == {"seat": 0, "move": "3D"}


# ----------------------------------------------------------- 3. bad tokens, bad table requests
def test_a_bad_token_or_an_unknown_table_gets_one_error_and_the_socket_is_closed(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        table, (token,) = new_table(client, "siyaosi", "classic", ["person"] + ["hard"] * 3, 1)
        for url, code in [
            (f"/ws/tables/{table}?token=not-the-token", "bad-token"),
            (f"/ws/tables/{table}", "bad-token"),
            (f"/ws/tables/{table}?token={token[:-1]}", "bad-token"),
            (f"/ws/tables/no-such-table?token={token}", "no-table"),
            (f"/ws/tables/{'x' * 100}?token={token}", "no-table"),
        ]:
            with client.websocket_connect(url) as ws:
                error = receive(ws)
                assert error["type"] == "error" and error["code"] == code, (url, error)
                assert token not in json.dumps(error)
                closed = receive_frame(ws)
                assert closed["type"] == "websocket.close", (url, closed)
                assert closed["code"] == 4403
        assert hub_of(app).get(table).connections == []


def test_bad_table_requests_are_refused_with_a_code(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    four = ["person", "hard", "hard", "hard"]

    def body(**fields: object) -> dict[str, object]:
        out: dict[str, object] = {"game": "siyaosi", "variant": "classic", "seats": four}
        out.update(fields)
        return {k: v for k, v in out.items() if v is not None}

    refused: list[tuple[object, int, str]] = [
        (body(game="chess"), 400, "unknown-game"),
        (body(game=None), 400, "unknown-game"),
        (body(game=["siyaosi"]), 400, "unknown-game"),
        (body(variant="four-deck"), 400, "bad-request"),  # a preset of the other game
        (body(variant="no-such-preset"), 400, "bad-request"),
        (body(variant=None), 400, "bad-request"),
        (body(seats=["person", "hard", "hard"]), 400, "bad-seats"),
        (body(seats=[*four, "hard"]), 400, "bad-seats"),
        (body(seats=["person", "hard", "grandmaster", "hard"]), 400, "bad-seats"),
        (body(seats="person,hard,hard,hard"), 400, "bad-seats"),
        (body(seats=["hard", "hard", "easy", "expert"]), 400, "bad-seats"),
        (body(seed="12"), 400, "bad-request"),
        (body(seed=1.5), 400, "bad-request"),
        (body(seed=True), 400, "bad-request"),
        (body(seed=-1), 400, "bad-request"),
        (body(seed=2**63), 400, "bad-request"),
        (body(colour="blue"), 400, "bad-request"),
    ]
    with TestClient(app) as client:
        for request, status, code in refused:
            response = client.post("/api/tables", json=request)
            assert response.status_code == status, (request, response.text)
            assert response.json()["type"] == "error"
            assert response.json()["code"] == code, (request, response.json())
        for raw, status, code in [
            (b"not json", 400, "bad-json"),
            (b"[1, 2]", 400, "bad-json"),
            (b"", 400, "bad-json"),
            (b"\xff\xfe", 400, "bad-json"),
            (b" " * (MAX_BODY_BYTES + 1), 413, "too-large"),
        ]:
            response = client.post(
                "/api/tables", content=raw, headers={"content-type": "application/json"}
            )
            assert response.status_code == status, (raw[:20], response.text)
            assert response.json()["code"] == code
        assert hub_of(app).store.table_ids() == ()  # nothing refused was stored
        # and a good one is made (the seed drawn when left out)
        response = client.post("/api/tables", json=body())
        assert response.status_code == 200
        assert hub_of(app).store.table_ids() == (response.json()["table"],)


# ---------------------------------------------------------------------- 4. a restart resumes
def test_a_restart_resumes_the_table_where_it_stood(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    app = make_app(db)
    with TestClient(app) as client:
        table, (token,) = new_table(client, "siyaosi", "classic", ["person"] + ["hard"] * 3, 3)
        live = hub_of(app).get(table)
        with client.websocket_connect(socket_url(table, token)) as ws:

            def waits_for_me(m: Message) -> bool:
                return m["version"] >= 20 and m["in_turn"] and settled(ws, live, m["version"])

            last = list(drive(ws, live, waits_for_me))[-1]
            assert last["may_move"] and not last["auto"]
            moves = list(live.moves)
    # a new app on the same file: the table is rebuilt from the store
    again = make_app(db)
    with TestClient(again) as client:
        rebuilt = hub_of(again).get(table)
        assert rebuilt is not live
        assert rebuilt.moves == moves
        with client.websocket_connect(socket_url(table, token)) as ws:
            resumed = receive_view(ws)
            assert resumed["version"] == last["version"]
            assert resumed["view"] == last["view"]
            assert resumed == last
            # and it plays on from there
            send_move(ws, first_legal(resumed), resumed["version"])
            assert receive_view(ws)["version"] == last["version"] + 1


def test_a_restart_in_shengji_s_deal_keeps_the_passes_made_for_the_person(
    tmp_path: Path,
) -> None:
    """A person who passed with some bids open is passed for while only cards are added
    (seed 5: one choice, at move 22): a table rebuilt from the store at any move after it does
    the same, and tells the person the same."""
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        table, (token,) = new_table(client, "shengji", "four-deck", ["person"] + ["hard"] * 3, 5)
        live = hub_of(app).get(table)
        with client.websocket_connect(socket_url(table, token)) as ws:
            for _ in drive(ws, live, lambda m: m["phase"] == "play"):
                pass
        stored = hub_of(app).store.table(table)
        assert stored is not None
    chosen = [n for n, s in enumerate(live.movers) if s == 0 and not live.automatic[n]]
    assert chosen and live.moves[chosen[0]] == "0: pass"
    later = [n for n, s in enumerate(live.movers) if s == 0 and live.automatic[n] and n > chosen[0]]
    assert later
    for n in later[:3]:
        rebuilt = LiveTable(
            attrs.evolve(stored, moves=stored.moves[:n], automatic=stored.automatic[:n])
        )
        assert rebuilt.automatic_move() == (0, "0: pass")
        told = rebuilt.message(0, "en")
        assert told["auto"] is True and told["may_move"] is False


# ------------------------------------------------------------------------------------ 5. undo
def test_undo_takes_back_the_person_s_move_and_the_bots_replies(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        table, (token,) = new_table(client, "siyaosi", "classic", ["person"] + ["hard"] * 3, 1)
        live = hub_of(app).get(table)
        with client.websocket_connect(socket_url(table, token)) as ws:
            start = receive_view(ws)
            assert start["version"] == 0 and not start["undo"]
            ws.send_json({"type": "undo"})
            assert receive(ws)["code"] == "no-undo"
            send_move(ws, first_legal(start), 0)
            # the bots reply until the table waits for the person again
            replied = list(drive(ws, live, lambda m: waits(ws, live, m, 1)))[-1]
            assert replied["undo"]
            assert live.automatic[1 : replied["version"]] == [True] * (replied["version"] - 1)
            ws.send_json({"type": "undo"})
            undone = receive_view(ws)
            assert undone["version"] == 0
            assert not undone["undo"]
            assert undone["view"] == start["view"] and undone["hand"] == start["hand"]
            assert live.moves == []
            assert hub_of(app).store.table(table) == attrs.evolve(
                live.stored, moves=(), automatic=()
            )
            ws.send_json({"type": "undo"})
            assert receive(ws)["code"] == "no-undo"


def test_a_person_cannot_undo_after_another_person_moved(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        seats = ["person", "hard", "person", "hard"]
        table, (token0, token2) = new_table(client, "siyaosi", "classic", seats, 1)
        live = hub_of(app).get(table)
        with (
            client.websocket_connect(socket_url(table, token0)) as ws0,
            client.websocket_connect(socket_url(table, token2)) as ws2,
        ):
            start = receive_view(ws0)
            assert start["in_turn"] and start["version"] == 0
            send_move(ws0, first_legal(start), 0)
            # seat 2 answers when the table waits for it, in turn
            moved2 = list(drive(ws2, live, lambda m: bool(m["undo"])))[-1]
            assert moved2["version"] > 1
            moved = [n for n, s in enumerate(live.movers) if not live.automatic[n]]
            assert [live.movers[n] for n in moved] == [0, 2]
            ws0.send_json({"type": "undo"})
            while (answer := receive(ws0))["type"] == "view":
                pass
            assert answer["code"] == "no-undo"
            ws0.send_json({"type": "view"})
            assert not receive_view(ws0)["undo"]
            # seat 2 takes back its own move: seat 0's is its last one again
            ws2.send_json({"type": "undo"})
            back = until(ws2, lambda m: m["version"] == moved[1])
            assert not back["undo"]
            assert until(ws0, lambda m: m["version"] == moved[1])["undo"]


# ----------------------------------------------------------------- 6. a 叉 out of turn, in 四幺四
def test_a_person_s_cha_out_of_turn_is_accepted(tmp_path: Path) -> None:
    """Seed 5: after 13 moves seat 2 leads 4C 5S 6S and the person, not in turn, may 叉 it;
    the bots wait the window (5 s) and the person's cards land first."""
    app = make_app(tmp_path / "t.db", window=5.0)
    with TestClient(app) as client:
        table, (token,) = new_table(client, "siyaosi", "classic", ["person"] + ["hard"] * 3, 5)
        live = hub_of(app).get(table)

        def can_cha(message: Message) -> bool:
            return not message["in_turn"] and any(t.startswith("cha ") for t in message["legal"])

        with client.websocket_connect(socket_url(table, token)) as ws:
            chance = list(drive(ws, live, can_cha, limit=400))[-1]
            assert can_cha(chance) and chance["may_move"] and chance["turn"] != 0
            assert "cha" in chance["kinds"]
            cha = next(t for t in chance["legal"] if t.startswith("cha "))
            version = chance["version"]
            send_move(ws, cha, version)
            after = receive_view(ws)
            assert after["version"] == version + 1
            assert {"seat": 0, "move": cha} in after["trick"]
            assert any(e["n"] == version + 1 for e in after["events"])
            assert live.moves[version] == f"0: {cha}" and live.automatic[version] is False
            stored = hub_of(app).store.table(table)
            assert stored is not None and stored.moves[version] == f"0: {cha}"


# ----------------------------------------------------------------------------- 7. the record
def test_the_record_is_given_once_the_match_is_over_and_replays(tmp_path: Path) -> None:
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        table, (token,) = new_table(client, "siyaosi", "one-deck", ["person"] + ["hard"] * 3, 1)
        live = hub_of(app).get(table)
        url = f"/api/tables/{table}/record"
        not_over = client.get(f"{url}?token={token}")
        assert not_over.status_code == 409 and not_over.json()["code"] == "not-over"
        for query, status, code in [
            ("?token=wrong", 403, "bad-token"),
            ("", 403, "bad-token"),
        ]:
            response = client.get(url + query)
            assert response.status_code == status and response.json()["code"] == code
        missing = client.get(f"/api/tables/nothing/record?token={token}")
        assert missing.status_code == 404 and missing.json()["code"] == "no-table"
        with client.websocket_connect(socket_url(table, token)) as ws:
            end = list(drive(ws, live, lambda m: bool(m["over"])))[-1]
            assert end["over"] and end["result"] is not None
            assert not end["may_move"] and end["legal"] == []
            ws.send_json({"type": "move", "move": "pass"})
            assert receive(ws)["type"] == "error"  # no move after the end
            ws.send_json({"type": "view"})
            assert receive_view(ws)["version"] == end["version"]
        assert end["view"]["round"] > 1  # a whole match, several rounds
        response = client.get(f"{url}?token={token}")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/plain")
        assert f'filename="cardrules-{table}.toml"' in response.headers["content-disposition"]
        assert "script-src 'self'" in response.headers["content-security-policy"]
        record = read_record("table.toml", text=response.text)
        assert record.game == "siyaosi" and record.seed == 1
        assert record.variant.name == "one-deck"
        assert record.moves == tuple(live.moves)
        assert record.result == end["result"]
        final = replay(record)  # refuses a record whose moves or result are wrong
        assert as_sent(final) == as_sent(game_state(live).to_json())
        # and the record in code is the one served
        assert live.record().to_toml() == response.text


# --------------------------------------------------------------------------- 8. Shengji's deal
def test_shengji_s_deal_goes_on_without_the_person_when_they_have_no_choice(
    tmp_path: Path,
) -> None:
    """Seed 5: the person may bid once during the deal (move 22) and passes; every other turn of
    theirs in the deal is a pass the server makes (their views say ``auto``)."""
    app = make_app(tmp_path / "t.db")
    with TestClient(app) as client:
        table, (token,) = new_table(client, "shengji", "four-deck", ["person"] + ["hard"] * 3, 5)
        live = hub_of(app).get(table)
        answered: list[Message] = []

        def choose(message: Message) -> str:
            answered.append(message)
            assert message["phase"] == "deal" and message["legal"][0] == "pass"
            return "pass"

        with client.websocket_connect(socket_url(table, token)) as ws:
            seen = list(drive(ws, live, lambda m: m["phase"] not in ("deal", "bid", "fry"), choose))
    assert len(answered) == 1
    assert answered[0]["legal"] == ["pass", "bid 2H"] and answered[0]["version"] == 22
    autos = [m for m in seen if m["auto"]]
    # the deal's passes are made in bursts, each told in one view: fewer views than passes
    assert autos and len(autos) < len([a for a in live.automatic if a])
    for message in autos:
        assert message["in_turn"] and not message["may_move"] and "pass" in message["legal"]
    deal = [n for n, s in enumerate(live.movers) if s == 0 and n < seen[-1]["version"]]
    assert len(deal) > 50
    assert all(live.moves[n] == "0: pass" for n in deal)
    assert [n for n in deal if not live.automatic[n]] == [22]
    # during the deal the views with choices were the ones at 22, and none after (the last view
    # seen is the first after the deal)
    choices = [m for m in seen[:-1] if m["may_move"] and m["in_turn"]]
    assert {m["version"] for m in choices} == {22}


def test_a_shengji_burial_is_composed_from_the_hand(tmp_path: Path) -> None:
    """Seed 2: the person bids whenever they may and wins the kitty; a burial (too many to list)
    is sent as "bury" and the first cards of the hand."""
    app = make_app(tmp_path / "t.db")
    burials: list[Message] = []

    def choose(message: Message) -> str:
        if message["phase"] == "bury":
            burials.append(message)
            cards = [c for group in message["hand"] for c in group]
            return "bury " + " ".join(cards[: message["view"]["kitty_size"]])
        return str(message["legal"][-1])  # the strongest bid, or a pass

    with TestClient(app) as client:
        table, (token,) = new_table(client, "shengji", "four-deck", ["person"] + ["hard"] * 3, 2)
        live = hub_of(app).get(table)
        with client.websocket_connect(socket_url(table, token)) as ws:
            seen = list(drive(ws, live, lambda m: m["phase"] == "play", choose))
    (bury,) = burials
    assert bury["legal"] == [] and bury["listed_all"] is False and bury["may_move"]
    assert bury["kinds"] == ["bury"] and bury["choices"]
    kitty = bury["view"]["kitty_size"]
    assert kitty == 8
    cards = [c for group in bury["hand"] for c in group][:kitty]
    n = bury["version"]
    seat, _, move = live.moves[n].partition(": ")
    assert seat == "0" and move.startswith("bury ") and not live.automatic[n]
    assert Cards.parse(move.removeprefix("bury ")) == Cards.parse(" ".join(cards))
    after = seen[-1]
    assert after["version"] > n
    assert sum(len(g) for g in after["hand"]) == sum(len(g) for g in bury["hand"]) - kitty
    assert after["view"]["banker"] == 0
