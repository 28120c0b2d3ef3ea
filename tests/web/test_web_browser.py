"""The web app's pages in a real browser (Debian's Chromium driven by Playwright).

The app runs in-process (uvicorn in a thread, on a free loopback port, the bots moving at once);
the pages are used as a person would: a whole round of each game played by clicking, a dispute
built by clicking and ruled on (the ruling must be what ``cardrules.judge`` says of the same case
file), the rules searched, two persons at one table who must never see each other's cards, and a
server restart in the middle of a match that the page survives.

Without Chromium these tests are skipped, unless ``CARDRULES_REQUIRE_BROWSER=1`` (CI), which makes
that a failure. With ``CARDRULES_ARTIFACTS`` set, a screenshot of every page is written there.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.cases.model import load_case_text
from cardrules.clauses import clause_index
from cardrules.judge import Ruling, judge_case

# A real browser playing whole rounds takes a minute or more: a long sweep, out of the default
# run and in CI's (``-m "slow or not slow"``).
pytestmark = pytest.mark.slow

REQUIRED = os.environ.get("CARDRULES_REQUIRE_BROWSER") == "1"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

try:
    import uvicorn
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Page,
        WebSocket,
        sync_playwright,
    )
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    from cardrules.web import create_app
except ImportError as err:  # the `web` extra and Playwright are dev dependencies
    if REQUIRED:
        raise
    pytest.skip(f"the web app's browser tests need {err.name}", allow_module_level=True)

if CHROMIUM is None:
    if REQUIRED:
        raise RuntimeError("CARDRULES_REQUIRE_BROWSER=1 but no chromium is installed")
    pytest.skip("no chromium to drive (apt-get install chromium)", allow_module_level=True)

BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long one wait for the page may take (ms); a whole round has its own budget.
WAIT_MS = 20_000
ROUND_SECONDS = 90.0  # a guard against a hang: a round takes 5-30 s


# ---------------------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class AppServer:
    """The app on uvicorn in a thread: started, stopped, and started again on the same db."""

    def __init__(self, db: Path, port: int) -> None:
        self.db = db
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.app: Any = None
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        self.app = create_app(self.db, bot_delay=0.0, window=0.0)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=2,
        )
        server = uvicorn.Server(config)
        self.server = server
        self.thread = threading.Thread(target=server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start on port {self.port}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(timeout=20)
            assert not self.thread.is_alive(), "uvicorn did not stop"
        self.server = None
        self.thread = None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=20) as answer:
            data: dict[str, Any] = json.load(answer)
        return data

    def seat_message(self, table: str, seat: int) -> dict[str, Any]:
        """The message the server would send ``seat`` now, from its own table (not a socket)."""
        for _ in range(50):
            try:
                message: dict[str, Any] = self.app.state.hub.get(table).message(seat, "en")
                return message
            except RuntimeError:  # the table changed under us while it was read: read again
                time.sleep(0.02)
        raise AssertionError("could not read the table's view")


@pytest.fixture(scope="module")
def server() -> Iterator[AppServer]:
    with tempfile.TemporaryDirectory() as folder:
        app = AppServer(Path(folder) / "tables.sqlite3", free_port())
        app.start()
        try:
            yield app
        finally:
            app.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    ctx.set_default_timeout(WAIT_MS)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return watched(context.new_page())


#: The script errors of each page watched (by ``id(page)``).
_SCRIPT_ERRORS: dict[int, list[str]] = {}


def watched(page: Page) -> Page:
    """``page``, its script errors and its Content-Security-Policy refusals kept."""
    errors = _SCRIPT_ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda err: errors.append(str(err)))

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", on_console)
    return page


def script_errors(page: Page) -> list[str]:
    return _SCRIPT_ERRORS.get(id(page), [])


def screenshot(page: Page, name: str) -> None:
    folder = os.environ.get("CARDRULES_ARTIFACTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


# ---------------------------------------------------------------------------- the table page
def body(page: Page, key: str) -> str:
    value = page.get_attribute("body", f"data-{key}")
    return value or ""


def wait_body(page: Page, condition: str, arg: object = None, timeout: float = WAIT_MS) -> None:
    """Wait until ``condition`` holds, a JS expression over ``d`` (the body's dataset) and
    ``arg``."""
    page.wait_for_function(f"(arg) => {{ const d = document.body.dataset; return {condition}; }}",
                           arg=arg, timeout=timeout)  # fmt: skip


def data_of(page: Page, selector: str, key: str) -> list[str]:
    """The ``data-KEY`` of every element ``selector`` matches, in one call to the page."""
    found: list[str] = page.eval_on_selector_all(
        selector, "(nodes, key) => nodes.map((n) => n.dataset[key] || '')", key
    )
    return found


def hand_chips(page: Page) -> list[str]:
    return data_of(page, "#hand .card", "card")


def cards_of(hand: object) -> list[str]:
    """A view's ``hand`` (groups of card texts, or one text) as a sorted list of cards."""
    if isinstance(hand, str):
        return sorted(hand.split())
    assert isinstance(hand, list)
    return sorted(str(c) for group in hand for c in (group if isinstance(group, list) else [group]))


def open_table(page: Page, server: AppServer, game: str, preset: str, seats: list[str],
               seed: int, shot: str | None = None) -> str:  # fmt: skip
    """Start a table through the new-table form; the page ends on the first person's seat.
    Returns the table id."""
    page.goto(server.url + "/?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", game)
    page.select_option("#preset", preset)
    for n, kind in enumerate(seats):
        page.select_option(f"#seat-{n}", kind)
    page.fill("#seed", str(seed))
    if shot:
        screenshot(page, shot)
    with page.expect_navigation(url=lambda u: "/table/" in u):
        page.click("#start")
    wait_body(page, "d.connected === 'true' && d.version !== ''")
    assert "token=" in page.url and "lang=en" in page.url
    return page.url.split("/table/")[1].split("?")[0]


def act(page: Page, refused_before: bool) -> str:
    """Make one move on the page: the first legal move listed that is not a pass (a pass after a
    refusal, or when it is all there is); a burial of 8 cards through the composer when the
    list is not whole. Waits until the table has moved on or the move was refused; the move
    sent ("" when a new view came first)."""
    version, errors = body(page, "version"), body(page, "errors")
    moves = data_of(page, "#legal button.legal:not([disabled])", "move")
    kinds = data_of(page, "#kinds button.kind", "kind")
    try:
        if (
            body(page, "phase") == "bury"
            and "bury" in kinds
            and not any(m.startswith("bury") for m in moves)
        ):
            sent = compose_burial(page, last=not refused_before)
        else:
            plays = [m for m in moves if m != "pass"]
            sent = "pass" if "pass" in moves and (refused_before or not plays) else plays[0]
            page.click(f"#legal button.legal[data-move='{sent}']", timeout=3000)
    except PlaywrightTimeout:  # a new view came first and the button went: look again
        return ""
    wait_body(page, "d.version !== arg[0] || d.errors !== arg[1] || d.over === 'true'",
              [version, errors])  # fmt: skip
    return sent


#: The table waits for this page's person: it is their turn (or nobody's) and they may move.
WAITED_FOR = "d.mayMove === 'true' && (d.inTurn === 'true' || d.turn === '')"


def compose_burial(page: Page, *, last: bool) -> str:
    """Select 8 cards of the hand (the last ones, the least likely to be trumps or points, or
    the first ones), the ``bury`` kind, and send the composed move; the move sent."""
    page.click("#clear")
    chips = page.query_selector_all("#hand .card")
    chosen = chips[-8:] if last else chips[:8]
    for chip in chosen:
        chip.click()
    assert len(page.query_selector_all("#hand .card.selected")) == 8
    page.click("#kinds button.kind[data-kind='bury']")
    text = page.input_value("#move-text")
    cards = [c.get_attribute("data-card") or "" for c in chosen]
    assert text.split() == ["bury", *cards]
    page.click("#send")
    return text


def play_round(page: Page, shot: str) -> list[str]:
    """Play the person's seat until the round ends (the match is over or the round number
    changes); the moves sent."""
    start_round = body(page, "round")
    assert start_round, "the page shows no round"
    deadline = time.monotonic() + ROUND_SECONDS
    sent: list[str] = []
    refused = False
    while True:
        wait_body(page, f"d.over === 'true' || d.round !== arg || ({WAITED_FOR})", start_round)
        if body(page, "over") == "true" or body(page, "round") != start_round:
            return sent
        errors = body(page, "errors")
        move = act(page, refused)
        refused = body(page, "errors") != errors and body(page, "error-code") != "stale-view"
        if move and not refused:
            sent.append(move)
        if len(sent) == 4:
            screenshot(page, shot)
        assert time.monotonic() < deadline, f"the round took over {ROUND_SECONDS} s"


def check_table_page(page: Page, server: AppServer, table: str) -> None:
    """What every table page shows, against the server's own view of the seat."""
    seat = int(body(page, "seat"))
    for _ in range(100):  # the bots may move between the two reads: read until they agree
        version = body(page, "version")
        chips = hand_chips(page)
        message = server.seat_message(table, seat)
        if str(message["version"]) == version == body(page, "version"):
            break
        time.sleep(0.05)
    else:
        raise AssertionError("the page never showed the server's version")
    assert sorted(chips) == cards_of(message["hand"])
    assert body(page, "phase") == message["phase"]
    assert body(page, "over") == ("true" if message["over"] else "false")
    headline = page.inner_text("#headline")
    assert message["variant"] in headline and f"round {body(page, 'round')}" in headline
    sizes = [page.inner_text(f"#seats .seat[data-seat='{n}'] .hand-size") for n in range(4)]
    assert sizes == [f"{n} cards" for n in message["hand_sizes"]]
    # the log ends with the events the server sends now (it keeps older ones above them)
    shown: list[str] = page.eval_on_selector_all(
        "#log li", "(items) => items.map((i) => i.textContent)"
    )
    sent = [e["text"] for e in message["events"] if e["text"]]
    assert sent and shown[-len(sent) :] == sent
    unseen = page.inner_text("#tracker .tracker-unseen")
    assert unseen.startswith("Unseen")
    assert not script_errors(page)


# ---------------------------------------------------------------------------- (a), (b) a round
def test_a_person_plays_a_siyaosi_round_against_bots(page: Page, server: AppServer) -> None:
    table = open_table(page, server, "siyaosi", "one-deck", ["person", "easy", "easy", "easy"],
                       seed=11, shot="index.png")  # fmt: skip
    wait_body(page, WAITED_FOR)
    check_table_page(page, server, table)
    # a card chip toggles its selection and fills the composer
    first = page.query_selector("#hand .card")
    assert first is not None
    card = first.get_attribute("data-card") or ""
    first.click()
    assert page.input_value("#move-text") == card
    page.click("#clear")
    assert page.input_value("#move-text") == "" and not page.query_selector_all(
        "#hand .card.selected"
    )
    # a move, taken back: the page is where it was
    version = body(page, "version")
    first_move = act(page, refused_before=False)
    assert first_move and body(page, "errors") == "0"
    wait_body(page, "d.version !== arg && " + WAITED_FOR, version)
    page.wait_for_selector("#undo:not([disabled])")
    page.click("#undo")
    wait_body(page, "d.version === arg", version)
    assert first_move in data_of(page, "#legal button.legal", "move")

    round_before = body(page, "round")
    sent = play_round(page, "table-siyaosi.png")
    assert len(sent) >= 3 and any(m != "pass" for m in sent)
    assert body(page, "over") == "true" or body(page, "round") != round_before
    assert len(page.query_selector_all("#log li")) > 10
    check_table_page(page, server, table)
    # the language select: the page's own labels in Chinese, the socket joined again
    page.select_option("#lang", "zh")
    page.wait_for_function("() => document.getElementById('headline').textContent.includes('第')")
    assert "lang=zh" in page.url and page.inner_text("#send") == "出牌"
    wait_body(page, "d.connected === 'true'")
    assert not script_errors(page)


def test_a_person_plays_a_shengji_round_against_bots(page: Page, server: AppServer) -> None:
    table = open_table(page, server, "shengji", "four-deck", ["person", "easy", "easy", "easy"],
                       seed=3)  # fmt: skip
    wait_body(page, WAITED_FOR)
    check_table_page(page, server, table)
    sent = play_round(page, "table-shengji.png")
    assert len(sent) > 20  # the deal's bids and passes and a card in every trick
    assert any(m.startswith("bid ") for m in sent)
    # seed 3: seat 0's bid takes the kitty, and its burial is composed from the hand
    assert [m for m in sent if m.startswith("bury ")], "the burial was not composed"
    assert body(page, "round") == "2" or body(page, "over") == "true"
    assert "Team 0" in page.inner_text("#scores")
    check_table_page(page, server, table)
    assert not script_errors(page)


# ---------------------------------------------------------------------------- (c) the referee
HANDS = ["8S 8D 5C 9D", "8C KH 9S", "8H 8D 8H KS", "8S QH 3D"]
MOVES = ["0: 8S", "2: 8H 8H"]
#: The case file the builder writes for them (each hand sorted by suit, then rank).
CASE_TEXT = """format = 1

[positions.p]
game = "siyaosi"
variant = "classic"
levels = ["2", "2"]
hands = ["8S 5C 8D 9D", "9S KH 8C", "KS 8H 8H 8D", "8S QH 3D"]
leader = 0

[[case]]
id = "dispute"
kind = "play"
position = "p"
moves = ["0: 8S", "2: 8H 8H"]
"""


def test_a_dispute_built_by_clicking_is_ruled_as_the_judge_rules(
    page: Page, server: AppServer, tmp_path: Path
) -> None:
    page.goto(server.url + "/referee?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", "siyaosi")
    page.select_option("#preset", "classic")
    wait_body(page, "d.variant === 'classic' && d.game === 'siyaosi'")
    for seat, hand in enumerate(HANDS):
        page.click(f".hand-box[data-seat='{seat}'] .pick-seat")
        for card in hand.split():
            page.click(f"#palette-cards .card[data-card='{card}']")
    # a card clicked by mistake, and taken out of the hand again
    page.click("#palette-cards .card[data-card='AS']")
    page.click(".hand-box[data-seat='3'] .hand-cards .card[data-card='AS']")
    for seat, hand in enumerate(HANDS):
        shown = page.query_selector_all(f".hand-box[data-seat='{seat}'] .hand-cards .card")
        assert Counter(c.get_attribute("data-card") for c in shown) == Counter(hand.split())
    page.select_option("#leader", "0")
    for move in MOVES:
        mover, cards = move.split(": ")
        page.select_option("#move-seat", mover)
        for card in cards.split():
            page.click(f"#move-hand .card[data-card='{card}']:not(.selected)")
        page.click("#move-from-selection")
        assert page.input_value("#move") == cards
        page.click("#add-move")
    listed = data_of(page, "#moves li", "move")
    assert listed == MOVES
    page.click("#build")
    text = page.input_value("#text")
    assert text == CASE_TEXT
    case_file = load_case_text(text, base=tmp_path, require_expect=False)
    (case,) = case_file.cases
    assert case.position_table["game"] == "siyaosi" and case.position_table["leader"] == 0
    assert case.data["moves"] == MOVES
    assert [sorted(h.split()) for h in case.position_table["hands"]] == [
        sorted(h.split()) for h in HANDS
    ]
    page.click("#rule")
    wait_body(page, "d.ruling === 'done' || d.ruling === 'error'")
    assert body(page, "ruling") == "done", page.inner_text("#error")
    expected = judge_case(case)
    assert isinstance(expected, Ruling)
    ruling = page.query_selector(".ruling")
    assert ruling is not None
    assert ruling.get_attribute("data-answer") == expected.answer
    lines = page.text_content(".ruling .ruling-lines")
    assert lines == "\n".join(expected.lines("en", clause_index(lang="en")))
    # the download is the case text
    assert page.get_attribute("#download", "download") == "case.toml"
    assert (page.get_attribute("#download", "href") or "").startswith("blob:")
    with page.expect_download() as got:
        page.click("#download")
    saved = got.value.path()
    assert saved.read_text(encoding="utf-8") == text
    screenshot(page, "referee.png")
    link = page.get_attribute("#dispute-link", "href") or ""
    assert "/referee?dispute=" in link
    assert not script_errors(page)

    # the dispute's link, in Chinese: the same text, ruled on in Chinese
    page.goto(server.url + link.replace("lang=en", "lang=zh"))
    wait_body(page, "d.ruling === 'done' || d.ruling === 'error'")
    assert body(page, "ruling") == "done", page.inner_text("#error")
    assert page.input_value("#text") == text
    lines_zh = page.text_content(".ruling .ruling-lines")
    assert lines_zh == "\n".join(expected.lines("zh", clause_index(lang="zh")))
    assert lines_zh != lines
    assert page.inner_text("h1") == "裁判"


# ---------------------------------------------------------------------------- (d) the rules
def test_the_rules_page_finds_a_clause_by_its_id(page: Page, server: AppServer) -> None:
    index = clause_index(lang="en")
    wanted = "4A4-BEAT-9" if "4A4-BEAT-9" in index else sorted(index)[0]
    page.goto(server.url + "/rules?lang=en")
    page.wait_for_selector("body[data-ready='true']")
    total = len(page.query_selector_all("article.clause"))
    assert total == len(index)
    page.fill("#search", wanted.lower())
    first = page.locator("article.clause:not([hidden])").first
    assert first.get_attribute("data-id") == wanted
    shown = int(body(page, "matches"))
    assert 1 <= shown < total
    assert index[wanted].title in first.inner_text()
    # a word of its title finds it too, after the clauses whose id matches
    word = max(index[wanted].title.split(), key=len).lower()
    page.fill("#search", word)
    visible = data_of(page, "article.clause:not([hidden])", "id")
    assert wanted in visible
    page.fill("#search", wanted)
    screenshot(page, "rules.png")
    # the language select: the same clause in Chinese
    page.select_option("#lang", "zh")
    wait_body(page, "d.lang === 'zh' && d.ready === 'true'")
    assert "lang=zh" in page.url
    zh = clause_index(lang="zh")[wanted]
    first = page.locator("article.clause:not([hidden])").first
    assert first.get_attribute("data-id") == wanted
    assert zh.title in first.inner_text()
    assert not script_errors(page)


# ---------------------------------------------------------------------------- (e) two persons
def keys_of(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def test_two_persons_at_one_table_never_see_each_others_cards(
    browser: Browser, server: AppServer
) -> None:
    made = server.post(
        "/api/tables",
        {"game": "siyaosi", "variant": "one-deck", "seats": ["person", "easy", "person", "easy"],
         "seed": 5},
    )  # fmt: skip
    table = made["table"]
    links = {link["seat"]: link["url"] for link in made["links"]}
    assert sorted(links) == [0, 2]
    contexts = [browser.new_context() for _ in links]
    try:
        pages: dict[int, Page] = {}
        frames: dict[int, list[str]] = {0: [], 2: []}
        for (seat, url), ctx in zip(sorted(links.items()), contexts, strict=True):
            ctx.set_default_timeout(WAIT_MS)
            page = watched(ctx.new_page())
            page.on("websocket", frame_recorder(frames[seat]))
            page.goto(server.url + url + "&lang=en")
            pages[seat] = page
        for page in pages.values():
            wait_body(page, "d.connected === 'true' && d.version !== ''")
        other = {0: 2, 2: 0}
        checked = 0
        moved: set[int] = set()
        deadline = time.monotonic() + ROUND_SECONDS
        while checked < 8 and time.monotonic() < deadline:
            # the table waits for one of them: check both against the server, then move
            movers = [s for s, p in pages.items() if p.evaluate(
                f"() => {{ const d = document.body.dataset; return {WAITED_FOR}; }}")]  # fmt: skip
            if not movers:
                pages[0].wait_for_timeout(50)
                continue
            views = {s: server.seat_message(table, s) for s in pages}
            for seat, page in pages.items():
                check_table_page(page, server, table)
                assert_no_leak(frames[seat], seat, views[other[seat]])
            checked += 1
            page = pages[movers[0]]
            if body(page, "over") == "true" or body(page, "round") != "1":
                break
            if act(page, refused_before=False):
                moved.add(movers[0])
        assert checked >= 8, "the persons did not get to move"
        assert moved == {0, 2}
        assert all(len(f) > checked for f in frames.values())
    finally:
        for ctx in contexts:
            ctx.close()


def assert_no_leak(frames: list[str], seat: int, theirs: dict[str, Any]) -> None:
    """No frame ``seat`` received shows the other seat's cards: no ``hands`` anywhere, the
    other hand's text nowhere, and (one deck, round 1: hands only shrink) none of the other
    seat's cards now ever in this seat's hand."""
    text = str(theirs["view"]["hand"])
    cards = set(cards_of(theirs["hand"]))
    assert frames
    for raw in frames:
        message = json.loads(raw)
        assert "hands" not in keys_of(message)
        if len(cards) >= 3:
            assert text not in raw
        if message.get("type") != "view":
            continue
        assert message["seat"] == seat
        if message["view"].get("round") == 1:
            assert not set(cards_of(message["hand"])) & cards
            assert not set(str(message["view"]["hand"]).split()) & cards


def frame_recorder(into: list[str]) -> Callable[[WebSocket], None]:
    def record(ws: WebSocket) -> None:
        def on_frame(payload: bytes | str) -> None:
            into.append(payload if isinstance(payload, str) else payload.decode())

        ws.on("framereceived", on_frame)

    return record


# ---------------------------------------------------------------------------- (f) a restart
def test_a_server_restart_mid_match_resumes_it(browser: Browser, tmp_path: Path) -> None:
    app = AppServer(tmp_path / "tables.sqlite3", free_port())
    app.start()
    ctx = browser.new_context()
    ctx.set_default_timeout(WAIT_MS)
    try:
        made = app.post(
            "/api/tables",
            {"game": "siyaosi", "variant": "one-deck", "seats": ["person", "easy", "easy", "easy"],
             "seed": 23},
        )  # fmt: skip
        table = made["table"]
        page = watched(ctx.new_page())
        page.goto(app.url + made["links"][0]["url"] + "&lang=en")
        for _ in range(3):
            wait_body(page, WAITED_FOR)
            act(page, refused_before=False)
        wait_body(page, WAITED_FOR)
        check_table_page(page, app, table)
        version, hand = body(page, "version"), hand_chips(page)
        assert int(version) > 3

        app.stop()
        wait_body(page, "d.connected === 'false'")
        page.wait_for_function(
            "() => document.getElementById('status').textContent.includes('reconnecting')"
        )
        app.start()
        wait_body(page, "d.connected === 'true'", timeout=30_000)
        wait_body(page, f"d.version === arg && {WAITED_FOR}", version)
        assert hand_chips(page) == hand
        check_table_page(page, app, table)
        # and the match goes on
        act(page, refused_before=False)
        assert int(body(page, "version")) > int(version), page.inner_text("#error")
        assert not script_errors(page)
    finally:
        ctx.close()
        app.stop()
