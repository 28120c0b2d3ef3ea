// The rules page: every clause of the spec, in the chosen language, with a search box.
"use strict";

(function () {
  const CR = window.CR;
  const { el, t } = CR;
  const $ = (id) => document.getElementById(id);

  let clauses = []; // [{clause, node, id, title, text}] in spec order

  function clauseNode(c) {
    const cases = c.cases || [];
    return el("article", { class: `clause game-${c.game}`, id: `clause-${c.id}`, dataset: { id: c.id, game: c.game } }, [
      el("h2", {}, [el("code", { class: "clause-id", text: c.id }), " ", el("span", { class: "clause-title", text: c.title })]),
      el("div", { class: "clause-text", text: c.text }),
      cases.length
        ? el("details", { class: "clause-cases" }, [
            el("summary", { text: `${t("cases")} (${cases.length})` }),
            el(
              "ul",
              {},
              cases.map((k) =>
                el("li", { dataset: { case: k.id } }, [el("code", { text: `${k.file}::${k.id}` }), k.name && k.name !== k.id ? ` — ${k.name}` : ""]),
              ),
            ),
          ])
        : null,
    ]);
  }

  // Rank of a clause for the query words: 0 id, 1 title, 2 text, null no match.
  function rank(entry, words) {
    if (!words.length) return 2;
    const has = (field) => words.every((w) => field.includes(w));
    if (has(entry.id)) return entry.id === words.join(" ") ? -1 : 0;
    if (has(entry.title)) return 1;
    if (has(entry.text) || has(entry.all)) return 2;
    return null;
  }

  function filter() {
    const q = $("search").value.trim().toLowerCase();
    const words = q.split(/\s+/).filter(Boolean);
    const ranked = [];
    for (const [i, entry] of clauses.entries()) {
      const r = rank(entry, words);
      entry.node.hidden = r === null;
      if (r !== null) ranked.push([r, i, entry.node]);
    }
    ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const box = $("clauses");
    for (const [, , node] of ranked) box.append(node); // reorders: best matches first
    $("count").textContent = t("matches", { n: ranked.length, total: clauses.length });
    const u = new URL(window.location.href);
    if (q) u.searchParams.set("q", $("search").value.trim());
    else u.searchParams.delete("q");
    window.history.replaceState(null, "", u.pathname + u.search + u.hash);
    document.body.dataset.matches = String(ranked.length);
  }

  async function load() {
    CR.showError(null);
    document.body.dataset.ready = "false";
    let answer;
    try {
      answer = await CR.getJSON(`/api/rules?lang=${encodeURIComponent(CR.lang())}`);
    } catch (err) {
      CR.showError(err);
      return;
    }
    clauses = (answer.clauses || []).map((c) => {
      const entry = { node: clauseNode(c), id: c.id.toLowerCase(), title: (c.title || "").toLowerCase(), text: (c.text || "").toLowerCase() };
      entry.all = `${entry.text} ${(c.cases || []).map((k) => `${k.id} ${k.name || ""}`).join(" ")}`.toLowerCase();
      return entry;
    });
    $("clauses").replaceChildren(...clauses.map((c) => c.node));
    filter();
    document.body.dataset.lang = CR.lang();
    document.body.dataset.ready = "true";
  }

  function init() {
    CR.initPage(load);
    const q = new URLSearchParams(window.location.search).get("q");
    if (q) $("search").value = q;
    $("search").addEventListener("input", filter);
    load();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
