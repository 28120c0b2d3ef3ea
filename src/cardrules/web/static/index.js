// The new-table page: game, variant, one select per seat (person or a bot level), a seed.
"use strict";

(function () {
  const { el, t } = window.CR;
  let presets = null; // the answer of /api/presets

  const $ = (id) => document.getElementById(id);

  function currentGame() {
    return presets.games.find((g) => g.name === $("game").value) || presets.games[0];
  }

  function currentPreset() {
    const game = currentGame();
    return game.presets.find((p) => p.name === $("preset").value) || game.presets[0];
  }

  function fillGames() {
    const select = $("game");
    const keep = select.value;
    select.replaceChildren(
      ...presets.games.map((g) => el("option", { value: g.name, text: g.title || g.name })),
    );
    if (keep) select.value = keep;
  }

  function fillPresets() {
    const select = $("preset");
    const keep = select.value;
    select.replaceChildren(...currentGame().presets.map((p) => el("option", { value: p.name, text: p.name })));
    if (currentGame().presets.some((p) => p.name === keep)) select.value = keep;
    fillSeats();
  }

  function fillSeats() {
    const preset = currentPreset();
    $("preset-description").textContent = preset.description || "";
    const box = $("seats");
    const before = [...box.querySelectorAll("select.seat-kind")].map((s) => s.value);
    const kinds = ["person", ...presets.levels];
    const rows = [];
    for (let n = 0; n < preset.players; n++) {
      const select = el(
        "select",
        { class: "seat-kind", id: `seat-${n}`, dataset: { seat: String(n) } },
        kinds.map((k) => el("option", { value: k, text: t(k) })),
      );
      select.value = before[n] || (n === 0 ? "person" : presets.levels.includes("hard") ? "hard" : presets.levels[0]);
      rows.push(el("label", { class: "field seat-row" }, [el("span", { text: t("seat", { n }) }), " ", select]));
    }
    box.replaceChildren(...rows);
  }

  async function start(event) {
    event.preventDefault();
    window.CR.showError(null);
    const body = {
      game: $("game").value,
      variant: $("preset").value,
      seats: [...document.querySelectorAll("#seats select.seat-kind")].map((s) => s.value),
    };
    const seed = $("seed").value.trim();
    if (seed !== "") body.seed = Number(seed);
    $("start").disabled = true;
    try {
      const answer = await window.CR.postJSON("/api/tables", body);
      showLinks(answer);
    } catch (err) {
      window.CR.showError(err);
    } finally {
      $("start").disabled = false;
    }
  }

  function showLinks(answer) {
    const links = answer.links || [];
    $("links-box").hidden = false;
    $("links-title").textContent = links.length ? t("links") : t("no-person");
    $("links").replaceChildren(
      ...links.map((link) => {
        const href = window.CR.withLang(link.url);
        const full = new URL(href, window.location.href).href;
        return el("li", {}, [
          el("a", { class: "seat-link", href, dataset: { seat: String(link.seat) }, text: t("seat", { n: link.seat }) }),
          " ",
          el("code", { text: full }),
        ]);
      }),
    );
    // One person seat: go and play it. Several: each link is private to its seat, so stay here
    // until they are copied (the first one is a click away).
    if (links.length === 1) window.location.assign(window.CR.withLang(links[0].url));
  }

  async function init() {
    window.CR.initPage(() => {
      if (presets) fillSeats();
    });
    $("new-table").addEventListener("submit", start);
    $("game").addEventListener("change", fillPresets);
    $("preset").addEventListener("change", fillSeats);
    try {
      presets = await window.CR.getJSON("/api/presets");
    } catch (err) {
      window.CR.showError(err);
      return;
    }
    const wanted = new URLSearchParams(window.location.search).get("game");
    fillGames();
    if (wanted) $("game").value = wanted;
    fillPresets();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", init);
})();
