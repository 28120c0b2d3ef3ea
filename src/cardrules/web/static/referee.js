// The referee page: build a position and its moves by clicking, write them as a case file, and
// have the server rule on it (or paste a case file, or open /referee?dispute=ID).
"use strict";

(function () {
  const CR = window.CR;
  const { el, t } = CR;
  const $ = (id) => document.getElementById(id);

  const KINDS = {
    siyaosi: ["", "pass", "cha", "gou", "chi", "tribute", "return", "rebel", "suppress"],
    shengji: ["", "pass", "bid", "bury", "fry"],
  };
  const NO_CARDS = new Set(["pass", "rebel", "suppress"]);
  const RANKS = CR.RANKS;

  let presets = null;
  let variant = { players: 4, decks: 1, start_level: "2" };
  let hands = []; // one list of card texts per seat
  let picked = 0; // the seat the palette adds to
  let moves = []; // "SEAT: TEXT" in order
  let downloadUrl = null;

  const game = () => $("game").value;

  // ------------------------------------------------------------------ the position
  function option(value, text) {
    return el("option", { value, text });
  }

  function seatOptions(select, blank, keep) {
    const old = keep === undefined ? select.value : keep;
    const options = blank === null ? [] : [option("", blank)];
    for (let s = 0; s < variant.players; s++) options.push(option(String(s), t("seat", { n: s })));
    select.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === old)) select.value = old;
  }

  async function loadVariant() {
    CR.showError(null);
    try {
      variant = await CR.getJSON(`/api/variants/${encodeURIComponent(game())}/${encodeURIComponent($("preset").value)}`);
    } catch (err) {
      CR.showError(err);
      return;
    }
    hands = [...Array(variant.players)].map((_, s) => hands[s] || []);
    hands.length = variant.players;
    picked = Math.min(picked, variant.players - 1);
    document.body.dataset.game = game();
    seatOptions($("leader"), t("default"), game() === "siyaosi" ? "0" : "");
    seatOptions($("banker"), null, "0");
    seatOptions($("move-seat"), null);
    $("ruling").replaceChildren(option("", t("none")), option("0", "0"), option("1", "1"));
    $("trump").replaceChildren(...["S", "H", "C", "D", "none"].map((s) => option(s, s === "none" ? s : `${s} ${CR.SUITS[s]}`)));
    $("trump").value = "H";
    $("move-kind").replaceChildren(...(KINDS[game()] || [""]).map((k) => option(k, k || "cards")));
    const levels = [0, 1].map((team) => {
      const select = el("select", { class: "level", dataset: { team: String(team) } }, RANKS.map((r) => option(r, r)));
      select.value = variant.start_level || "2";
      return el("label", { class: "field" }, [el("span", { class: "level-label", dataset: { team: String(team) }, text: t("team-level", { n: team }) }), " ", select]);
    });
    $("levels").replaceChildren(...levels);
    for (const node of document.querySelectorAll(".only-siyaosi")) node.hidden = game() !== "siyaosi";
    for (const node of document.querySelectorAll(".only-shengji")) node.hidden = game() !== "shengji";
    renderHands();
    renderPalette();
    renderMoveHand();
    document.body.dataset.players = String(variant.players);
    document.body.dataset.variant = variant.name || $("preset").value;
  }

  // The labels built here, in the language now (the values chosen are kept).
  function relabel() {
    seatOptions($("leader"), t("default"));
    seatOptions($("banker"), null);
    seatOptions($("move-seat"), null);
    const ruling = $("ruling").value;
    $("ruling").replaceChildren(option("", t("none")), option("0", "0"), option("1", "1"));
    $("ruling").value = ruling;
    for (const span of document.querySelectorAll("#levels .level-label")) {
      span.textContent = t("team-level", { n: span.dataset.team });
    }
    renderHands();
  }

  function held(card) {
    return hands.reduce((n, hand) => n + hand.filter((c) => c === card).length, 0);
  }

  function renderHands() {
    $("hands").replaceChildren(
      ...hands.map((hand, seat) => {
        const box = el("div", { class: seat === picked ? "hand-box picked" : "hand-box", dataset: { seat: String(seat) } }, [
          el("button", { type: "button", class: "pick-seat", dataset: { seat: String(seat) }, text: `${t("seat", { n: seat })}: ${t("pick")}` }),
          el("span", { class: "muted hand-count", text: t("cards", { n: hand.length }) }),
          el("div", { class: "hand-cards" }, CR.sortCards(hand).map((c) => CR.cardChip(c, "button"))),
        ]);
        return box;
      }),
    );
  }

  function renderPalette() {
    $("palette-cards").replaceChildren(
      ...CR.ALL_CARDS.map((card) => {
        const chip = CR.cardChip(card, "button");
        const left = variant.decks - held(card);
        if (variant.decks > 1) chip.append(el("sub", { class: "count", text: String(left) }));
        chip.disabled = left <= 0;
        return chip;
      }),
    );
  }

  // ------------------------------------------------------------------ the moves
  function renderMoveHand() {
    const seat = Number($("move-seat").value || 0);
    const hand = CR.sortCards(hands[seat] || []);
    $("move-hand").replaceChildren(...hand.map((c) => CR.cardChip(c, "button")));
  }

  function moveFromSelection() {
    const kind = $("move-kind").value;
    const cards = [...$("move-hand").querySelectorAll(".card.selected")].map((c) => c.dataset.card);
    $("move").value = NO_CARDS.has(kind) ? kind : [kind, ...cards].filter(Boolean).join(" ");
  }

  function addMove() {
    CR.showError(null);
    const text = $("move").value.trim();
    if (!text) {
      CR.showError({ message: t("move") + ": " + t("empty") });
      return;
    }
    const seat = Number($("move-seat").value || 0);
    moves.push(/^\d+\s*:/.test(text) ? text : `${seat}: ${text}`);
    $("move").value = "";
    $("move-kind").value = "";
    $("move-seat").value = String((seat + 1) % variant.players);
    renderMoves();
    renderMoveHand();
  }

  function renderMoves() {
    $("moves").replaceChildren(
      ...moves.map((move, i) =>
        el("li", { class: "move-item", dataset: { move, index: String(i) } }, [
          el("code", { text: move }),
          " ",
          el("button", { type: "button", class: "remove-move", dataset: { index: String(i) }, text: t("remove") }),
        ]),
      ),
    );
  }

  // ------------------------------------------------------------------ the case file
  const str = (s) => JSON.stringify(String(s)); // a TOML basic string (JSON escapes are TOML's)
  const strs = (list) => `[${list.map(str).join(", ")}]`;

  function caseText() {
    const lines = ["format = 1", "", "[positions.p]", `game = ${str(game())}`, `variant = ${str($("preset").value)}`];
    const levels = [...document.querySelectorAll("#levels select.level")].map((s) => s.value);
    lines.push(`levels = ${strs(levels)}`);
    if (game() === "siyaosi" && $("ruling").value !== "") lines.push(`ruling = ${Number($("ruling").value)}`);
    if (game() === "shengji") {
      lines.push(`trump = ${str($("trump").value)}`);
      lines.push(`banker = ${Number($("banker").value)}`);
    }
    lines.push(`hands = ${strs(hands.map((h) => CR.sortCards(h).join(" ")))}`);
    if ($("leader").value !== "") lines.push(`leader = ${Number($("leader").value)}`);
    const id = $("case-id").value.trim() || "dispute";
    lines.push("", "[[case]]", `id = ${str(id)}`, 'kind = "play"', 'position = "p"', `moves = ${strs(moves)}`, "");
    return lines.join("\n");
  }

  function setText(text) {
    $("text").value = text;
    updateDownload();
  }

  function updateDownload() {
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    const text = $("text").value;
    downloadUrl = text ? URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" })) : null;
    const a = $("download");
    a.hidden = !downloadUrl;
    if (downloadUrl) a.href = downloadUrl;
    else a.removeAttribute("href");
  }

  // ------------------------------------------------------------------ ruling
  async function rule() {
    CR.showError(null);
    const text = $("text").value;
    if (!text.trim()) setText(caseText());
    $("rule").disabled = true;
    document.body.dataset.ruling = "pending";
    try {
      const answer = await CR.postJSON("/api/judge", { text: $("text").value, lang: CR.lang() });
      showRulings(answer);
      document.body.dataset.ruling = "done";
    } catch (err) {
      CR.showError(err);
      document.body.dataset.ruling = "error";
    } finally {
      $("rule").disabled = false;
    }
  }

  function showRulings(answer) {
    $("rulings-box").hidden = false;
    const link = $("dispute-link");
    const href = CR.withLang(answer.url);
    link.href = href;
    link.textContent = new URL(href, window.location.href).href;
    const u = new URL(window.location.href);
    u.searchParams.set("dispute", answer.dispute);
    window.history.replaceState(null, "", u.pathname + u.search);
    $("rulings").replaceChildren(
      ...(answer.rulings || []).map((r) =>
        el("article", { class: `ruling answer-${r.answer}`, dataset: { answer: r.answer, case: r.case } }, [
          el("h3", { text: `${r.case} (${r.kind}): ${r.answer}` }),
          el("pre", { class: "ruling-lines", text: (r.lines || []).join("\n") }),
          el("p", { class: "ruling-clauses muted", text: (r.clauses || []).join(" ") }),
        ]),
      ),
    );
  }

  async function loadDispute(id) {
    try {
      const answer = await CR.getJSON(`/api/disputes/${encodeURIComponent(id)}`);
      setText(answer.text);
    } catch (err) {
      CR.showError(err);
      return;
    }
    await rule();
  }

  // ------------------------------------------------------------------ wiring
  function fillPresets() {
    const g = presets.games.find((x) => x.name === $("game").value) || presets.games[0];
    $("preset").replaceChildren(...g.presets.map((p) => option(p.name, p.name)));
    return loadVariant();
  }

  async function init() {
    CR.initPage(() => {
      if (presets) {
        relabel();
        if (!$("rulings-box").hidden && $("text").value.trim()) rule();
      }
    });
    $("game").addEventListener("change", () => {
      hands = [];
      moves = [];
      renderMoves();
      fillPresets();
    });
    $("preset").addEventListener("change", loadVariant);
    $("hands").addEventListener("click", (event) => {
      const pick = event.target.closest(".pick-seat");
      const box = event.target.closest(".hand-box");
      if (!box) return;
      const seat = Number(box.dataset.seat);
      if (pick) {
        picked = seat;
      } else {
        const chip = event.target.closest(".card");
        if (!chip) return;
        const i = hands[seat].indexOf(chip.dataset.card);
        if (i >= 0) hands[seat].splice(i, 1);
      }
      renderHands();
      renderPalette();
      renderMoveHand();
    });
    $("palette-cards").addEventListener("click", (event) => {
      const chip = event.target.closest(".card");
      if (!chip || chip.disabled) return;
      if (held(chip.dataset.card) >= variant.decks) return;
      hands[picked].push(chip.dataset.card);
      renderHands();
      renderPalette();
      renderMoveHand();
    });
    $("move-seat").addEventListener("change", renderMoveHand);
    $("move-kind").addEventListener("change", moveFromSelection);
    $("move-hand").addEventListener("click", (event) => {
      const chip = event.target.closest(".card");
      if (!chip) return;
      chip.classList.toggle("selected");
      moveFromSelection();
    });
    $("move-from-selection").addEventListener("click", moveFromSelection);
    $("add-move").addEventListener("click", addMove);
    $("move").addEventListener("keydown", (event) => {
      if (event.key === "Enter") addMove();
    });
    $("moves").addEventListener("click", (event) => {
      const b = event.target.closest(".remove-move");
      if (!b) return;
      moves.splice(Number(b.dataset.index), 1);
      renderMoves();
    });
    $("build").addEventListener("click", () => setText(caseText()));
    $("text").addEventListener("input", updateDownload);
    $("rule").addEventListener("click", rule);

    try {
      presets = await CR.getJSON("/api/presets");
    } catch (err) {
      CR.showError(err);
      return;
    }
    $("game").replaceChildren(...presets.games.map((g) => option(g.name, g.title || g.name)));
    await fillPresets();
    document.body.dataset.ready = "true";
    const dispute = new URLSearchParams(window.location.search).get("dispute");
    if (dispute) await loadDispute(dispute);
  }

  document.addEventListener("DOMContentLoaded", init);
})();
