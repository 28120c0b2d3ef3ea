// cardrules web: helpers shared by every page (no build step, no dependencies).
// Everything is on window.CR: the language (kept in the URL's `lang`), the page's own labels in
// English and Chinese, JSON requests that report errors, and card chips.
"use strict";

(function () {
  const LANGS = ["en", "zh"];

  const WORDS = {
    en: {
      "nav.new": "New table",
      "nav.referee": "Referee",
      "nav.rules": "Rules",
      "lang": "Language",
      "index.title": "New table",
      "game": "Game",
      "preset": "Variant",
      "seats": "Seats",
      "seat": "Seat {n}",
      "seed": "Seed (optional)",
      "start": "Start",
      "person": "person",
      "easy": "bot: easy",
      "hard": "bot: hard",
      "expert": "bot: expert",
      "links": "Links for the person seats (each is private to its seat):",
      "no-person": "No person seat: nobody can play at this table.",
      "table.title": "Table",
      "connecting": "connecting…",
      "connected": "connected",
      "reconnecting": "connection lost, reconnecting in {s} s…",
      "closed": "closed: {why}",
      "round": "round {n}",
      "phase": "phase: {p}",
      "levels": "levels",
      "turn-of": "turn: seat {n}",
      "no-turn": "nobody's turn",
      "your-turn": "your turn",
      "out-of-turn": "you may act out of turn",
      "waiting": "waiting",
      "over": "the match is over",
      "you": "you",
      "bot": "bot",
      "cards": "{n} cards",
      "trick": "Trick",
      "hand": "Your hand",
      "legal": "Legal moves",
      "not-all-listed": "Not every legal move is listed: select cards and compose the move.",
      "compose": "Compose a move",
      "send": "Send",
      "clear": "Clear",
      "undo": "Undo",
      "tracker": "Card tracker",
      "unseen": "Unseen",
      "played": "Played",
      "scores": "Scores and levels",
      "team": "Team {n} (seats {seats})",
      "level": "level {r}",
      "score": "score",
      "points": "points",
      "banker": "banker: seat {n}",
      "trump": "trump: {t}",
      "ruling-team": "ruling team: {n}",
      "log": "Events",
      "result": "Result",
      "record": "Download the record",
      "empty": "(empty)",
      "referee.title": "Referee",
      "position": "Position",
      "hands": "Hands (click a seat's button, then cards of the palette; click a card in a hand to remove it)",
      "pick": "add cards here",
      "palette": "All cards",
      "leader": "Leader",
      "default": "(default)",
      "none": "none",
      "ruling": "Ruling team",
      "team-level": "Team {n} level",
      "trump-label": "Trump",
      "banker-label": "Banker",
      "moves": "Moves (the position is the state before them)",
      "move-seat": "Seat",
      "move-kind": "Kind",
      "move-hand": "Cards of that seat (click to select)",
      "move-from-selection": "Selection → move",
      "move": "Move",
      "add-move": "Add move",
      "remove": "remove",
      "case-id": "Case id",
      "build": "Write the case file",
      "case-text": "Case file (you may paste one)",
      "rule": "Rule",
      "rulings": "Rulings",
      "dispute-link": "Link to this dispute",
      "download": "Download the case file",
      "rules.title": "Rules",
      "search": "Search (clause id, title or text)",
      "matches": "{n} of {total} clauses",
      "cases": "Cases",
      "phase.play": "play",
      "phase.deal": "deal",
      "phase.bid": "bid",
      "phase.bury": "bury",
      "phase.fry": "fry",
      "phase.tribute": "tribute",
      "phase.over": "over",
    },
    zh: {
      "nav.new": "新牌桌",
      "nav.referee": "裁判",
      "nav.rules": "规则",
      "lang": "语言",
      "index.title": "新牌桌",
      "game": "游戏",
      "preset": "玩法",
      "seats": "座位",
      "seat": "座位 {n}",
      "seed": "种子（可选）",
      "start": "开始",
      "person": "真人",
      "easy": "电脑：简单",
      "hard": "电脑：困难",
      "expert": "电脑：专家",
      "links": "真人座位的链接（每个链接只属于它的座位）：",
      "no-person": "没有真人座位：这张牌桌没有人能玩。",
      "table.title": "牌桌",
      "connecting": "连接中…",
      "connected": "已连接",
      "reconnecting": "连接断开，{s} 秒后重连…",
      "closed": "已关闭：{why}",
      "round": "第 {n} 局",
      "phase": "阶段：{p}",
      "levels": "级别",
      "turn-of": "轮到：座位 {n}",
      "no-turn": "无人行动",
      "your-turn": "轮到你",
      "out-of-turn": "你可以抢出",
      "waiting": "等待中",
      "over": "比赛结束",
      "you": "你",
      "bot": "电脑",
      "cards": "{n} 张",
      "trick": "本轮",
      "hand": "你的手牌",
      "legal": "合法出牌",
      "not-all-listed": "未列出全部合法出牌：请选牌组成出牌。",
      "compose": "组牌",
      "send": "出牌",
      "clear": "清除",
      "undo": "悔牌",
      "tracker": "记牌器",
      "unseen": "未见",
      "played": "已出",
      "scores": "分数与级别",
      "team": "队 {n}（座位 {seats}）",
      "level": "打 {r}",
      "score": "积分",
      "points": "得分",
      "banker": "庄家：座位 {n}",
      "trump": "主：{t}",
      "ruling-team": "政权方：{n}",
      "log": "事件",
      "result": "结果",
      "record": "下载牌谱",
      "empty": "（空）",
      "referee.title": "裁判",
      "position": "局面",
      "hands": "手牌（先点座位的按钮，再点牌库里的牌；点手牌里的牌可移除）",
      "pick": "加牌到这里",
      "palette": "全部牌",
      "leader": "首出",
      "default": "（默认）",
      "none": "无",
      "ruling": "政权方",
      "team-level": "队 {n} 级别",
      "trump-label": "主",
      "banker-label": "庄家",
      "moves": "出牌（局面是出牌之前的状态）",
      "move-seat": "座位",
      "move-kind": "类型",
      "move-hand": "该座位的牌（点击选择）",
      "move-from-selection": "所选 → 出牌",
      "move": "出牌",
      "add-move": "添加出牌",
      "remove": "移除",
      "case-id": "案例 id",
      "build": "生成案例文件",
      "case-text": "案例文件（可粘贴）",
      "rule": "裁决",
      "rulings": "裁决结果",
      "dispute-link": "本争议的链接",
      "download": "下载案例文件",
      "rules.title": "规则",
      "search": "搜索（条款 id、标题或正文）",
      "matches": "{n} / {total} 条",
      "cases": "案例",
      "phase.play": "出牌",
      "phase.deal": "发牌",
      "phase.bid": "叫主",
      "phase.bury": "埋底",
      "phase.fry": "炒底",
      "phase.tribute": "进贡",
      "phase.over": "结束",
      "level.easy": "简单",
      "level.hard": "困难",
      "level.expert": "专家",
      "kind.play": "出牌",
      "kind.pass": "过",
      "kind.bid": "叫主",
      "kind.bury": "埋底",
      "kind.fry": "炒底",
      "kind.cha": "叉",
      "kind.gou": "勾",
      "kind.chi": "吃",
      "kind.tribute": "进贡",
      "kind.return": "还贡",
      "kind.rebel": "暴动",
      "kind.suppress": "压制",
    },
  };

  const SUITS = { S: "♠", H: "♥", C: "♣", D: "♦" };
  const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  const SUIT_ORDER = ["S", "H", "C", "D"];
  // Every card of one deck, in the order the palette shows them.
  const ALL_CARDS = [];
  for (const s of SUIT_ORDER) for (const r of RANKS) ALL_CARDS.push(r + s);
  ALL_CARDS.push("SJ", "BJ");

  function lang() {
    const l = new URLSearchParams(window.location.search).get("lang");
    return LANGS.includes(l) ? l : "en";
  }

  function t(key, vars) {
    const table = WORDS[lang()] || WORDS.en;
    let text = key in table ? table[key] : key in WORDS.en ? WORDS.en[key] : key;
    for (const [k, v] of Object.entries(vars || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }

  // The label of `prefix.name` ("phase.play"), or `name` itself when the table has none.
  function word(prefix, name) {
    const key = `${prefix}.${name}`;
    const text = t(key);
    return text === key ? String(name) : text;
  }

  // Put the labels of the page in the language: every [data-i18n] element's text.
  function applyI18n(root) {
    const scope = root || document;
    for (const node of scope.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
    for (const node of scope.querySelectorAll("[data-i18n-placeholder]")) {
      node.placeholder = t(node.dataset.i18nPlaceholder);
    }
    document.documentElement.lang = lang() === "zh" ? "zh-Hans" : "en";
  }

  // `url` with this page's language added (a relative url stays relative).
  function withLang(url, l) {
    const u = new URL(url, window.location.href);
    u.searchParams.set("lang", l || lang());
    return u.origin === window.location.origin ? u.pathname + u.search + u.hash : u.href;
  }

  // Change the language: the URL's `lang` (no reload), the labels, the links, then `onChange`.
  function setLang(l, onChange) {
    const u = new URL(window.location.href);
    u.searchParams.set("lang", l);
    window.history.replaceState(null, "", u.pathname + u.search + u.hash);
    applyI18n();
    for (const a of document.querySelectorAll("a[data-keep-lang]")) {
      a.href = withLang(a.getAttribute("href"), l);
    }
    if (onChange) onChange(l);
  }

  // Wire the page's language select (#lang) and its navigation links.
  function initPage(onLangChange) {
    const select = document.getElementById("lang");
    if (select) {
      select.value = lang();
      select.addEventListener("change", () => setLang(select.value, onLangChange));
    }
    for (const a of document.querySelectorAll("a[data-keep-lang]")) a.href = withLang(a.getAttribute("href"));
    applyI18n();
  }

  class RequestError extends Error {
    constructor(message, code, status) {
      super(message);
      this.code = code;
      this.status = status;
    }
  }

  // fetch a JSON answer; an error answer ({"type":"error",...}) or a network failure throws a
  // RequestError with the server's message.
  async function request(url, options) {
    let response;
    try {
      response = await fetch(url, options);
    } catch (err) {
      throw new RequestError(String(err.message || err), "network", 0);
    }
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_err) {
      data = null;
    }
    if (!response.ok) {
      const message = data && data.message ? data.message : `HTTP ${response.status}: ${text.slice(0, 200)}`;
      throw new RequestError(message, data && data.code ? data.code : "http", response.status);
    }
    if (data === null) throw new RequestError("the answer is not JSON", "bad-json", response.status);
    return data;
  }

  function getJSON(url) {
    return request(url, { headers: { Accept: "application/json" } });
  }

  function postJSON(url, body) {
    return request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  }

  // Show an error (or clear it with null) in the page's #error line.
  function showError(err, target) {
    const node = target || document.getElementById("error");
    if (!node) return;
    if (!err) {
      node.textContent = "";
      node.hidden = true;
      return;
    }
    const code = err.code && err.code !== "http" ? ` [${err.code}]` : "";
    node.textContent = (err.message || String(err)) + code;
    node.hidden = false;
  }

  // Create an element: el("button", {class: "x", dataset: {move: "3S"}, text: "3♠"}, [children]).
  function el(tag, props, children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else if (k === "dataset") Object.assign(node.dataset, v);
      else if (k in node && typeof v !== "string") node[k] = v;
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children || []) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  // A card's parts: {rank, suit, joker}; "10S" -> rank "10", suit "S"; "T" is read as 10.
  function cardParts(text) {
    const c = String(text).trim().toUpperCase();
    if (c === "SJ" || c === "BJ") return { rank: c, suit: "", joker: c };
    const suit = c.slice(-1);
    let rank = c.slice(0, -1);
    if (rank === "T") rank = "10";
    return { rank, suit, joker: "" };
  }

  function cardText(text) {
    const p = cardParts(text);
    return p.joker || p.rank + p.suit;
  }

  function cardLabel(text) {
    const p = cardParts(text);
    return p.joker || p.rank + (SUITS[p.suit] || p.suit);
  }

  // A card chip: <span class="card [red] [joker]" data-card="10S" title="10S">10♠</span>.
  function cardChip(text, tag) {
    const p = cardParts(text);
    const card = cardText(text);
    const classes = ["card"];
    let title = card;
    if (p.joker) {
      classes.push("joker", p.joker === "BJ" ? "big-joker" : "small-joker");
      title = p.joker === "BJ" ? "big joker" : "small joker";
    } else if (p.suit === "H" || p.suit === "D") {
      classes.push("red");
    }
    return el(tag || "span", { class: classes.join(" "), dataset: { card }, title, text: cardLabel(text) });
  }

  function splitCards(text) {
    return String(text || "").trim().split(/\s+/).filter(Boolean);
  }

  // A move text shown as its verb (if any) and card chips.
  function moveNode(text) {
    const words = splitCards(text);
    const node = el("span", { class: "move" });
    for (const w of words) {
      if (/^(10|[2-9TJQKA])[SHCD]$/i.test(w) || /^(SJ|BJ)$/i.test(w)) node.append(cardChip(w));
      else node.append(el("span", { class: "verb", text: w }));
    }
    return node;
  }

  // Cards as chips with a count: "AS AS 3C" -> [A♠ ×2] [3♣].
  function countedCards(cards) {
    const counts = new Map();
    for (const c of cards) counts.set(cardText(c), (counts.get(cardText(c)) || 0) + 1);
    const box = el("span", { class: "cards counted" });
    for (const [card, n] of counts) {
      const chip = cardChip(card);
      if (n > 1) chip.append(el("sub", { class: "count", text: "×" + n }));
      box.append(chip);
    }
    if (!counts.size) box.append(el("span", { class: "muted", text: t("empty") }));
    return box;
  }

  // Sort card texts: by suit (S H C D, jokers last), then rank.
  function sortCards(cards) {
    const key = (c) => {
      const p = cardParts(c);
      if (p.joker) return 100 + (p.joker === "BJ" ? 1 : 0);
      return SUIT_ORDER.indexOf(p.suit) * 20 + RANKS.indexOf(p.rank);
    };
    return [...cards].sort((a, b) => key(a) - key(b));
  }

  window.CR = {
    ALL_CARDS,
    RANKS,
    SUITS,
    RequestError,
    applyI18n,
    cardChip,
    cardLabel,
    cardText,
    countedCards,
    el,
    getJSON,
    initPage,
    lang,
    moveNode,
    postJSON,
    setLang,
    showError,
    sortCards,
    splitCards,
    t,
    withLang,
    word,
  };
})();
