// The table page: one seat's view of a match over a WebSocket, reconnecting when it closes.
"use strict";

(function () {
  const CR = window.CR;
  const { el, t } = CR;
  const $ = (id) => document.getElementById(id);

  const params = new URLSearchParams(window.location.search);
  const token = params.get("token") || "";
  const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");

  const MAX_EVENTS = 400;
  const NO_CARDS = new Set(["pass", "rebel", "suppress"]); // kinds written without cards

  let socket = null;
  let backoff = 250; // ms before the next reconnection; doubles up to MAX_BACKOFF
  const MAX_BACKOFF = 5000;
  let retryTimer = null;
  let stopped = false;
  let view = null;
  let kind = null; // the kind chosen in the composer (null: a play of the selected cards)
  let selected = new Map(); // card -> how many copies of it are selected in the hand
  let sentVersion = null; // the version a move was sent on: its answer clears the selection
  let errors = 0;
  const events = new Map(); // event key -> {key, n, text}, in the order shown
  const drawn = new Map(); // section -> the data it was last drawn from (a view redraws only what changed)

  // Call draw() unless `section` was last drawn from the same data.
  function redraw(section, data, draw) {
    const key = JSON.stringify(data);
    if (drawn.get(section) === key) return;
    drawn.set(section, key);
    draw();
  }

  // ------------------------------------------------------------------ the socket
  function socketUrl() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams({ token, lang: CR.lang() });
    return `${scheme}//${window.location.host}/ws/tables/${encodeURIComponent(tableId)}?${q}`;
  }

  function setStatus(text, connected) {
    $("status").textContent = text;
    document.body.dataset.connected = connected ? "true" : "false";
  }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    setStatus(t("connecting"), false);
    const ws = new WebSocket(socketUrl());
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      backoff = 250;
      setStatus(t("connected"), true);
      send({ type: "view" });
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (_err) {
        return;
      }
      if (message.type === "view") render(message);
      else if (message.type === "error") serverError(message);
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) return;
      socket = null;
      // 4000-4999: the server refuses this socket for good (a bad token, no such table).
      if (event.code >= 4000 && event.code < 5000) {
        stopped = true;
        setStatus(t("closed", { why: event.reason || event.code }), false);
        CR.showError({ message: event.reason || t("closed", { why: event.code }), code: String(event.code) });
        return;
      }
      if (stopped) return;
      const wait = backoff;
      backoff = Math.min(backoff * 2, MAX_BACKOFF);
      setStatus(t("reconnecting", { s: (wait / 1000).toFixed(1) }), false);
      retryTimer = setTimeout(connect, wait);
    });
  }

  function reconnect() {
    const old = socket;
    socket = null;
    if (old) old.close();
    stopped = false;
    connect();
  }

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  function sendMove(text) {
    const move = text.trim();
    if (!move || !view) return;
    CR.showError(null);
    if (send({ type: "move", move, version: view.version })) sentVersion = view.version;
  }

  function serverError(message) {
    errors += 1;
    document.body.dataset.errors = String(errors);
    document.body.dataset.errorCode = message.code || "";
    sentVersion = null;
    CR.showError(message);
  }

  // ------------------------------------------------------------------ the composer
  function selectedCards() {
    return [...$("hand").querySelectorAll(".card.selected")].map((c) => c.dataset.card);
  }

  function composeText() {
    const cards = selectedCards();
    if (kind && NO_CARDS.has(kind)) return kind;
    const words = kind && kind !== "play" ? [kind, ...cards] : cards;
    return words.join(" ");
  }

  function updateComposer() {
    selected = new Map();
    for (const card of selectedCards()) selected.set(card, (selected.get(card) || 0) + 1);
    $("move-text").value = composeText();
    for (const b of $("kinds").querySelectorAll("button.kind")) b.classList.toggle("active", b.dataset.kind === kind);
  }

  function clearComposer() {
    kind = null;
    for (const c of $("hand").querySelectorAll(".card.selected")) c.classList.remove("selected");
    updateComposer();
    CR.showError(null);
  }

  // ------------------------------------------------------------------ rendering
  function seatName(seat) {
    return t("seat", { n: seat });
  }

  function teamOf(seat) {
    return seat % 2;
  }

  function handGroups(hand) {
    if (typeof hand === "string") return [CR.splitCards(hand)];
    return (hand || []).map((g) => (typeof g === "string" ? CR.splitCards(g) : g));
  }

  // The round: the message's own, else the match view's.
  function roundOf(v) {
    if (v.round !== undefined && v.round !== null) return v.round;
    return v.view && v.view.round !== undefined ? v.view.round : "";
  }

  function render(v) {
    v.round = roundOf(v);
    const firstOfRound = !view || view.round !== v.round;
    const undone = view !== null && v.version < view.version;
    view = v;
    const body = document.body.dataset;
    body.version = String(v.version);
    body.turn = v.turn === null || v.turn === undefined ? "" : String(v.turn);
    body.over = v.over ? "true" : "false";
    body.phase = v.phase || "";
    body.mayMove = v.may_move ? "true" : "false";
    body.inTurn = v.in_turn ? "true" : "false";
    body.round = String(v.round);
    body.seat = String(v.seat);
    if (sentVersion !== null && v.version > sentVersion) {
      sentVersion = null;
      kind = null;
      selected = new Map();
    }
    if (firstOfRound) selected = new Map();
    renderHeadline(v);
    renderSeats(v);
    renderTrick(v);
    redraw("hand", [v.hand, [...selected]], () => renderHand(v));
    redraw("legal", [v.legal, v.may_move, v.over, v.listed_all, v.choices], () => renderLegal(v));
    renderKinds(v);
    $("undo").disabled = !v.undo;
    redraw("tracker", v.view && v.view.tracker, () => renderTracker(v));
    renderScores(v);
    renderLog(v, undone);
    renderResult(v);
    updateComposer();
  }

  function renderHeadline(v) {
    const parts = [
      `${v.title || v.game} · ${v.variant}`,
      t("round", { n: v.round }),
      t("phase", { p: CR.word("phase", v.phase) }),
      `${t("levels")} ${(v.levels || []).join(" / ")}`,
      v.turn === null || v.turn === undefined ? t("no-turn") : t("turn-of", { n: v.turn }),
    ];
    let mine = t("waiting");
    if (v.over) mine = t("over");
    else if (v.in_turn) mine = t("your-turn");
    else if (v.may_move) mine = t("out-of-turn");
    const head = $("headline");
    head.replaceChildren(
      el("span", { class: "headline-facts", text: parts.join(" · ") }),
      " ",
      el("span", { id: "my-turn", class: v.in_turn ? "mine active" : v.may_move ? "mine out-of-turn" : "mine", text: mine }),
    );
    document.title = `${v.title || v.game} — ${seatName(v.seat)} — ${mine}`;
  }

  function renderSeats(v) {
    const seats = v.seats && v.seats.length ? v.seats : [...Array(v.players).keys()].map((s) => ({ seat: s }));
    $("seats").replaceChildren(
      ...seats.map((s) => {
        const who = s.seat === v.seat ? t("you") : s.kind === "bot" ? `${t("bot")} ${s.level ? CR.word("level", s.level) : ""}`.trim() : t("person");
        const size = (v.hand_sizes || [])[s.seat];
        const classes = ["seat", `team-${teamOf(s.seat)}`];
        if (s.seat === v.seat) classes.push("me");
        if (v.turn === s.seat) classes.push("turn");
        if (s.here) classes.push("here");
        return el("div", { class: classes.join(" "), dataset: { seat: String(s.seat) } }, [
          el("strong", { text: seatName(s.seat) }),
          el("span", { class: "who", text: who }),
          el("span", { class: "hand-size", text: size === undefined ? "" : t("cards", { n: size }) }),
        ]);
      }),
    );
  }

  function renderTrick(v) {
    const rows = (v.trick || []).map((m) =>
      el("div", { class: "trick-move", dataset: { seat: String(m.seat) } }, [
        el("span", { class: "trick-seat", text: seatName(m.seat) + ": " }),
        CR.moveNode(m.move),
      ]),
    );
    if (!rows.length) rows.push(el("span", { class: "muted", text: t("empty") }));
    $("trick").replaceChildren(...rows);
  }

  function renderHand(v) {
    const left = new Map(selected);
    const groups = handGroups(v.hand).map((group) =>
      el(
        "span",
        { class: "hand-group" },
        group.map((card) => {
          const chip = CR.cardChip(card, "button");
          chip.type = "button";
          const n = left.get(chip.dataset.card) || 0;
          if (n > 0) {
            chip.classList.add("selected");
            left.set(chip.dataset.card, n - 1);
          }
          return chip;
        }),
      ),
    );
    if (!groups.length) groups.push(el("span", { class: "muted", text: t("empty") }));
    $("hand").replaceChildren(...groups);
  }

  function renderLegal(v) {
    const legal = v.over ? [] : v.legal || [];
    $("legal").replaceChildren(
      ...legal.map((move) => {
        const b = el("button", { type: "button", class: "legal", dataset: { move }, title: move }, [CR.moveNode(move)]);
        b.disabled = !v.may_move;
        return b;
      }),
    );
    $("listed-all").hidden = v.listed_all !== false || v.over;
    // moves too many to list are described as choices ("bury: any 8 of your cards" ...)
    $("choices").replaceChildren(...(v.over ? [] : v.choices || []).map((c) => el("li", { text: c })));
  }

  function renderKinds(v) {
    const kinds = v.over ? [] : v.kinds || [];
    if (kind && !kinds.includes(kind)) kind = null;
    $("kinds").replaceChildren(
      ...kinds.map((k) => el("button", { type: "button", class: "kind", dataset: { kind: k }, text: CR.word("kind", k) })),
    );
  }

  function renderTracker(v) {
    const tracker = (v.view && (v.view.tracker || (v.view.play && v.view.play.tracker))) || null;
    const box = $("tracker");
    if (!tracker) {
      box.replaceChildren(el("span", { class: "muted", text: t("empty") }));
      return;
    }
    const rows = [
      el("div", { class: "tracker-unseen" }, [
        el("strong", { text: t("unseen") + ": " }),
        CR.countedCards(CR.sortCards(CR.splitCards(tracker.unseen))),
      ]),
      el("div", { class: "tracker-title", text: t("played") }),
    ];
    (tracker.played || []).forEach((cards, seat) => {
      rows.push(
        el("div", { class: "tracker-played", dataset: { seat: String(seat) } }, [
          el("span", { text: seatName(seat) + ": " }),
          CR.countedCards(CR.sortCards(CR.splitCards(cards))),
        ]),
      );
    });
    box.replaceChildren(...rows);
  }

  function renderScores(v) {
    const doc = v.view || {};
    const play = doc.play || {};
    const levels = v.levels || doc.levels || [];
    const rows = levels.map((rank, team) => {
      const seats = [...Array(v.players).keys()].filter((s) => teamOf(s) === team).join(", ");
      const facts = [t("level", { r: rank })];
      if (Array.isArray(doc.score)) facts.push(`${t("score")} ${doc.score[team]}`);
      if (Array.isArray(doc.scores)) facts.push(`${t("score")} ${doc.scores[team]}`);
      if (Array.isArray(play.points)) facts.push(`${t("points")} ${play.points[team]}`);
      return el("div", { class: "team", dataset: { team: String(team) } }, [
        el("strong", { text: t("team", { n: team, seats }) + ": " }),
        el("span", { text: facts.join(" · ") }),
      ]);
    });
    if (doc.ruling !== undefined) rows.push(el("div", { text: t("ruling-team", { n: doc.ruling === null ? t("none") : doc.ruling }) }));
    if (doc.banker !== undefined && doc.banker !== null) rows.push(el("div", { text: t("banker", { n: doc.banker }) }));
    if (doc.trump !== undefined && doc.trump !== null) {
      rows.push(el("div", { text: t("trump", { t: CR.SUITS[doc.trump] || doc.trump }) }));
    }
    if (doc.bid) rows.push(el("div", { class: "bid" }, [`${seatName(doc.bid.seat)}: `, CR.moveNode("bid " + doc.bid.cards)]));
    if (doc.kitty) rows.push(el("div", { class: "kitty" }, ["kitty: ", CR.countedCards(CR.splitCards(doc.kitty))]));
    $("scores").replaceChildren(...rows);
  }

  // The events of a message with a key each: a move's events share its number `n`.
  function keyedEvents(v) {
    const seen = new Map();
    return (v.events || []).map((e) => {
      const text = e.text || e.event;
      const base = `${e.n}|${text}`;
      const k = (seen.get(base) || 0) + 1;
      seen.set(base, k);
      return { key: `${base}|${k}`, n: e.n, text };
    });
  }

  function logItem(e) {
    return el("li", { dataset: { n: String(e.n), key: e.key }, text: e.text });
  }

  function renderLog(v, undone) {
    const log = $("log");
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    if (undone) events.clear(); // moves were taken back: their events with them
    const last = events.size ? [...events.values()].pop().n : -Infinity;
    const fresh = keyedEvents(v).filter((e) => !events.has(e.key));
    for (const e of fresh) events.set(e.key, e);
    if (!undone && fresh.every((e) => e.n >= last)) {
      log.append(...fresh.map(logItem)); // the usual case: new events after those shown
    } else {
      const ordered = [...events.values()].sort((a, b) => a.n - b.n);
      events.clear();
      for (const e of ordered) events.set(e.key, e);
      log.replaceChildren(...ordered.map(logItem));
    }
    while (events.size > MAX_EVENTS) {
      const oldest = events.keys().next().value;
      events.delete(oldest);
      const node = log.firstElementChild;
      if (node) node.remove();
    }
    if (atEnd) log.scrollTop = log.scrollHeight;
  }

  function renderResult(v) {
    const box = $("result");
    box.hidden = !v.over;
    if (!v.over) return;
    const q = new URLSearchParams({ token });
    const record = $("record");
    record.href = `/api/tables/${encodeURIComponent(tableId)}/record?${q}`;
    record.setAttribute("download", `${v.game}-${tableId}.toml`);
    const result = v.result || {};
    const facts = Object.entries(result).filter(([, value]) => value === null || typeof value !== "object");
    $("result-text").replaceChildren(
      el(
        "dl",
        { class: "facts" },
        facts.flatMap(([k, value]) => [el("dt", { text: k }), el("dd", { text: String(value) })]),
      ),
      el("details", {}, [el("summary", { text: "JSON" }), el("pre", { text: JSON.stringify(result, null, 2) })]),
    );
  }

  // ------------------------------------------------------------------ wiring
  function init() {
    CR.initPage(() => {
      events.clear();
      drawn.clear();
      $("log").replaceChildren();
      reconnect();
    });
    if (!token || !tableId) {
      CR.showError({ message: "this page needs a table id and ?token=" });
      return;
    }
    $("hand").addEventListener("click", (event) => {
      const chip = event.target.closest(".card");
      if (!chip) return;
      chip.classList.toggle("selected");
      updateComposer();
    });
    $("legal").addEventListener("click", (event) => {
      const b = event.target.closest("button.legal");
      if (b && !b.disabled) sendMove(b.dataset.move);
    });
    $("kinds").addEventListener("click", (event) => {
      const b = event.target.closest("button.kind");
      if (!b) return;
      kind = kind === b.dataset.kind ? null : b.dataset.kind;
      updateComposer();
    });
    $("send").addEventListener("click", () => sendMove($("move-text").value));
    $("move-text").addEventListener("keydown", (event) => {
      if (event.key === "Enter") sendMove($("move-text").value);
    });
    $("clear").addEventListener("click", clearComposer);
    $("undo").addEventListener("click", () => {
      CR.showError(null);
      send({ type: "undo" });
    });
    window.addEventListener("online", () => {
      if (!socket && !stopped) connect();
    });
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
