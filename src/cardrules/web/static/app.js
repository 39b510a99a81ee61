// cardrules web example: the page's script (plain JavaScript, no build step).
//
// The server keeps the game; this script only shows the human seat's view it receives,
// sends the action the player clicks, and replays the bots' moves ("steps") one by one.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(window.location.search);
  const FAST = params.has("fast");
  // How long each bot move stays on screen: long enough to see a card land in a trick.
  const stepMs = (game) => (FAST ? 40 : game === "spoil-five" ? 700 : 380);

  let catalogue = [];
  let gameId = null;
  let current = null;
  let current_names = [];
  let busy = false;
  let toastTimer = null;
  let pending = null; // bot moves still to show after a completed trick: {data, next}
  let resultClosed = false;

  let moves = 0;

  function setBusy(value) {
    busy = value;
    if (!value) document.body.dataset.moves = String(moves++);
    document.body.dataset.state = value ? "busy" : "ready";
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function cardImg(card, alt) {
    const img = el("img");
    img.src = card ? "/cards/" + encodeURIComponent(card) + ".svg" : "/cards/back.svg";
    img.alt = alt || (card ? card : "a face-down card");
    img.draggable = false;
    return img;
  }

  async function api(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: "the server sent an unreadable answer" };
    }
    if (!response.ok) {
      const error = new Error((data && data.error) || response.statusText);
      error.rule = data ? data.rule : null;
      error.status = response.status;
      error.current = data && data.stale ? data.current : null;
      throw error;
    }
    return data;
  }

  function toast(message, rule, kind) {
    // The server's sentences end with the rule id in brackets; the id is shown once, as a chip.
    const box = $("toast");
    let text = String(message);
    const tail = rule ? " (" + rule + ")" : "";
    if (tail && text.endsWith(tail)) text = text.slice(0, -tail.length);
    box.textContent = text;
    box.className = "toast" + (kind ? " " + kind : "");
    if (rule) box.appendChild(el("span", "rule", rule));
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
  }

  // ---- the game's address -----------------------------------------------------------

  function setAddress(id) {
    // The game id is in the address, so a reload or a bookmark comes back to the game.
    const url = new URL(window.location.href);
    if (id) {
      url.searchParams.set("id", id);
      url.searchParams.delete("game");
    } else {
      url.searchParams.delete("id");
    }
    window.history.replaceState(null, "", url.toString());
  }

  // ---- start form -------------------------------------------------------------------

  function selectedGame() {
    return catalogue.find((g) => g.name === $("f-game").value) || catalogue[0];
  }

  function fillPlayers() {
    const game = selectedGame();
    const preset = game.presets.find((p) => p.name === $("f-preset").value) || game.presets[0];
    const players = $("f-players");
    const before = Number(players.value);
    players.replaceChildren();
    for (const n of preset.players) {
      const option = el("option", null, n === 2 ? "2 (you and one bot)" : n + " (you and " + (n - 1) + " bots)");
      option.value = String(n);
      players.appendChild(option);
    }
    players.value = String(preset.players.includes(before) ? before : preset.default_players);
  }

  function fillPresets() {
    const game = selectedGame();
    $("f-blurb").textContent = game.blurb;
    const preset = $("f-preset");
    preset.replaceChildren();
    for (const p of game.presets) {
      const option = el("option", null, p.label);
      option.value = p.name;
      preset.appendChild(option);
    }
    preset.value = game.default_preset;
    fillPlayers();
  }

  async function loadCatalogue() {
    const data = await api("GET", "/api/games");
    catalogue = data.games;
    const select = $("f-game");
    select.replaceChildren();
    for (const g of catalogue) {
      const option = el("option", null, g.title);
      option.value = g.name;
      select.appendChild(option);
    }
    const wanted = params.get("game");
    if (wanted && catalogue.some((g) => g.name === wanted)) select.value = wanted;
    fillPresets();
  }

  async function startGame(event) {
    event.preventDefault();
    if (busy) return;
    const body = {
      game: $("f-game").value,
      preset: $("f-preset").value,
      players: Number($("f-players").value),
    };
    const seed = $("f-seed").value.trim();
    if (seed !== "") body.seed = Number(seed);
    $("f-error").hidden = true;
    setBusy(true);
    try {
      const data = await api("POST", "/api/games", body);
      gameId = data.id;
      setAddress(gameId);
      $("start").hidden = true;
      $("missing").hidden = true;
      $("result").hidden = true;
      pending = null;
      $("log").replaceChildren();
      logDeal(data);
      await show(data);
    } catch (error) {
      $("f-error").textContent = error.message;
      $("f-error").hidden = false;
    } finally {
      setBusy(false);
    }
  }

  // ---- drawing the table ------------------------------------------------------------

  function seatFacts(s) {
    const parts = [];
    parts.push((s.balance > 0 ? "+" : "") + s.balance + (Math.abs(s.balance) === 1 ? " counter" : " counters"));
    if (s.points !== null && s.points !== undefined) parts.push(s.points + " pts");
    if (s.tricks !== null && s.tricks !== undefined) parts.push(s.tricks + (s.tricks === 1 ? " trick" : " tricks"));
    return parts;
  }

  function factsNode(s) {
    const node = el("div", "facts");
    for (const part of seatFacts(s)) node.appendChild(el("span", null, part));
    return node;
  }

  function badges(node, s, table) {
    if (s.seat === table.dealer) node.appendChild(el("span", "chip dealer", "dealer"));
    for (const b of s.badges || []) node.appendChild(el("span", "chip " + b.replace(/\W+/g, "-"), b));
  }

  function drawOpponents(data, table, winners) {
    const box = $("opponents");
    box.replaceChildren();
    const n = data.players;
    for (let k = 1; k < n; k++) {
      const seatNo = (data.seat + k) % n;
      const s = table.seats[seatNo];
      const node = el("div", "seat");
      node.dataset.seat = String(seatNo);
      if (table.to_act === seatNo) node.classList.add("turn");
      if (winners.includes(seatNo)) node.classList.add("winner");
      node.appendChild(el("div", "name", data.names[seatNo]));
      badges(node, s, table);
      node.appendChild(factsNode(s));
      const backs = el("div", "backs");
      for (let i = 0; i < Math.min(s.cards, 8); i++) backs.appendChild(cardImg(null));
      backs.title = s.cards + " cards";
      node.appendChild(backs);
      box.appendChild(node);
    }
  }

  function drawCentre(table) {
    const box = $("centre");
    box.replaceChildren();
    for (const pile of table.piles) {
      const node = el("div", "pile" + (pile.taken_by !== null && pile.taken_by !== undefined ? " taken" : ""));
      const cards = el("div", "cards");
      for (const c of pile.cards) cards.appendChild(cardImg(c));
      const backs = Math.min(pile.backs, 6);
      if (backs > 0) cards.classList.add("stack");
      for (let i = 0; i < backs; i++) cards.appendChild(cardImg(null));
      node.appendChild(cards);
      let caption = pile.label;
      if (pile.taken_by !== null && pile.taken_by !== undefined) caption += " · taken by " + current_names[pile.taken_by];
      node.appendChild(el("div", "caption", caption));
      box.appendChild(node);
    }
    const pool = el("div", "pool");
    const counters = el("div", "counters");
    const shown = Math.min(table.pool, 6);
    for (let i = 0; i < shown; i++) {
      const c = el("div", "counter");
      c.style.top = (24 - i * 4) + "px";
      counters.appendChild(c);
    }
    pool.appendChild(counters);
    pool.appendChild(el("div", "amount", table.pool));
    pool.appendChild(el("div", "caption", table.pool_label || "pool"));
    box.appendChild(pool);
    $("notes").textContent = table.notes.join(" · ");
  }

  function trickCaption(data, table) {
    // A completed trick says who won it and why, in the engine's words.
    const winner = table.trick.find((play) => play.win);
    if (table.trick_done && winner) {
      const number = table.trick_number;
      const told = (data.tricks || []).find((t) => t.number === number);
      return told ? told.text : "Last trick · won by " + data.names[winner.seat];
    }
    return table.trick_caption || "";
  }

  function drawTrick(data, table) {
    const box = $("trick");
    box.replaceChildren();
    $("trick-caption").textContent = trickCaption(data, table);
    box.classList.toggle("done", Boolean(table.trick_done));
    for (const play of table.trick) {
      const node = el("div", "played" + (play.win ? " win" : ""));
      node.dataset.card = play.card;
      node.appendChild(cardImg(play.card));
      node.appendChild(el("div", "who", play.label || data.names[play.seat]));
      box.appendChild(node);
    }
  }

  function explainCard(card, why) {
    // A tap (or a click) on a card you may not use says why, as a hover does.
    const hint = $("hint");
    hint.replaceChildren();
    hint.appendChild(el("b", null, card + ": "));
    hint.appendChild(document.createTextNode(why.reason));
    hint.appendChild(el("span", "rule", why.rule));
    hint.hidden = false;
  }

  function drawMe(data, table, legal, live, unavailable) {
    const me = table.seats[data.seat];
    const seatLine = $("my-seat");
    seatLine.replaceChildren();
    seatLine.appendChild(el("b", null, "You"));
    seatLine.appendChild(document.createTextNode(" · " + seatFacts(me).join(" · ") + " "));
    badges(seatLine, me, table);
    $("hint").hidden = true;

    const byCard = new Map();
    const byIndex = new Map();
    const buttons = [];
    for (const entry of live ? legal : []) {
      if (entry.card) byCard.set(entry.card, entry);
      else if (entry.index !== null && entry.index !== undefined) byIndex.set(entry.index, entry);
      else buttons.push(entry);
    }

    const hand = $("hand");
    hand.replaceChildren();
    hand.classList.toggle("fanned", table.hand.length > 5);
    for (const c of table.hand) {
      const entry = byCard.get(c);
      const node = el("button", "card " + (entry ? "legal" : "dim"));
      node.type = "button";
      node.dataset.card = c;
      node.appendChild(cardImg(c));
      if (entry) {
        node.dataset.action = entry.action;
        node.title = entry.label;
        node.addEventListener("click", () => act(entry.action));
      } else {
        // Not disabled: a tap must still say why the card cannot be used now.
        node.setAttribute("aria-disabled", "true");
        const why = live && unavailable ? unavailable[c] : null;
        if (why) {
          node.title = why.text;
          node.dataset.rule = why.rule;
          node.setAttribute("aria-label", c + ": " + why.text);
          node.addEventListener("click", () => explainCard(c, why));
        } else {
          node.tabIndex = -1;
        }
      }
      hand.appendChild(node);
    }

    const offered = $("offered");
    offered.replaceChildren();
    $("offered-box").hidden = table.offered === 0;
    const giver = table.to_act === null ? null : (table.to_act - 1 + data.players) % data.players;
    $("offered-caption").textContent = giver === null ? "" : data.names[giver] + "'s hand, face down: pick one";
    for (let i = 0; i < table.offered; i++) {
      const entry = byIndex.get(i);
      const node = el("button", "card" + (entry ? " legal" : ""));
      node.type = "button";
      node.appendChild(cardImg(null));
      if (entry) {
        node.dataset.action = entry.action;
        node.title = entry.label;
        node.addEventListener("click", () => act(entry.action));
      } else {
        node.disabled = true;
      }
      offered.appendChild(node);
    }

    const actions = $("actions");
    actions.replaceChildren();
    for (const entry of buttons) {
      const node = el("button", entry.action === "abandon" ? "btn ghost" : "btn", entry.label);
      node.type = "button";
      node.dataset.action = entry.action;
      node.addEventListener("click", () => act(entry.action));
      actions.appendChild(node);
    }
    if (live && data.deal_over && resultClosed) {
      const again = el("button", "btn ghost", "Show the result");
      again.type = "button";
      again.id = "show-result";
      again.addEventListener("click", () => { resultClosed = false; showResult(current); });
      actions.appendChild(again);
      if (!data.game_over) {
        const next = el("button", "btn", "Next deal");
        next.type = "button";
        next.id = "next-deal-bar";
        next.addEventListener("click", nextDeal);
        actions.appendChild(next);
      }
    }
  }

  function draw(data, table, options) {
    const live = options.live;
    current_names = data.names;
    const winners = live && data.outcome ? data.outcome.winners : [];
    $("game-title").textContent = data.title + " · " + data.preset_label + " · deal " + data.deal;
    drawOpponents(data, table, winners);
    drawCentre(table);
    drawTrick(data, table);
    drawMe(data, table, data.legal, live, data.unavailable);
    const status = $("status");
    status.classList.toggle("yours", live && data.your_turn);
    $("me").classList.toggle("yours", live && data.your_turn);
    if (options.text) status.textContent = options.text;
    else if (live && data.your_turn) status.textContent = data.prompt;
    else if (live && data.deal_over) status.textContent = data.outcome ? data.outcome.text : "The deal is over.";
    else status.textContent = table.to_act === null ? "" : data.names[table.to_act] + " to play";
  }

  // ---- the log and the result -------------------------------------------------------

  function logLine(text, className) {
    const log = $("log");
    log.appendChild(el("li", className || "", text));
    log.scrollTop = log.scrollHeight;
  }

  function logDeal(data) {
    logLine(data.deal_line, "deal");
  }

  function resultCards(data) {
    // Who won with which cards: the singing cards, or each trick's winning card.
    const box = $("result-cards");
    box.replaceChildren();
    const outcome = data.outcome;
    let cards = [];
    let caption = "";
    if (outcome.shown && outcome.shown.length) {
      cards = outcome.shown;
      caption = (outcome.singer === data.seat ? "Your" : data.names[outcome.singer] + "'s") + " singing cards";
    } else if (outcome.winners.length && data.tricks && data.tricks.length) {
      const won = data.tricks.filter((t) => outcome.winners.includes(t.winner));
      cards = won.map((t) => t.card);
      caption = "The winning cards, trick by trick";
    }
    $("result-cards-box").hidden = cards.length === 0;
    $("result-cards-caption").textContent = caption;
    for (const c of cards) box.appendChild(cardImg(c));
  }

  function showResult(data) {
    if (!data || !data.deal_over || !data.outcome || resultClosed) {
      $("result").hidden = true;
      return;
    }
    $("result-title").textContent = data.game_over ? "Game over" : "Deal " + data.deal + " is over";
    $("result-text").textContent = data.outcome.text;
    resultCards(data);
    const lines = $("result-lines");
    lines.replaceChildren();
    const settlement = data.settlement;
    for (const line of settlement ? settlement.lines : []) lines.appendChild(el("li", null, line));
    if (settlement && settlement.rules.length) lines.appendChild(el("li", "rules", "Rules: " + settlement.rules.join(", ")));
    const scores = $("result-scores");
    scores.replaceChildren();
    const head = el("tr");
    const scores_ = data.outcome.scores;
    for (const h of ["Player", scores_ ? "Points" : "This deal", "Balance"]) head.appendChild(el("th", null, h));
    scores.appendChild(head);
    for (let s = 0; s < data.players; s++) {
      const row = el("tr", data.outcome.winners.includes(s) ? "won" : "");
      row.appendChild(el("td", null, data.names[s]));
      const got = data.outcome.payouts[s];
      row.appendChild(el("td", null, scores_ ? String(scores_[s]) : got ? "+" + got : "—"));
      const bal = data.table.seats[s].balance;
      row.appendChild(el("td", null, (bal > 0 ? "+" : "") + bal));
      scores.appendChild(row);
    }
    $("next-deal").hidden = data.game_over;
    const save = $("save-game");
    save.href = "/api/games/" + encodeURIComponent(gameId) + "/record";
    save.setAttribute("download", data.game + "-" + gameId + ".json");
    save.hidden = !data.can_save;
    $("result").hidden = false;
  }

  function closeResult() {
    // The result can be put away to look at the table; a button brings it back.
    if ($("result").hidden) return;
    resultClosed = true;
    $("result").hidden = true;
    if (current) draw(current, current.table, { live: true });
  }

  function waitForNext(data, step, next) {
    // A completed trick stays on the table until the player moves on.
    pending = { data, next };
    const who = step.trick.winner === data.seat ? "You win" : data.names[step.trick.winner] + " wins";
    draw(data, step.table, { live: false, text: who + " trick " + step.trick.number + " · Next ▸ to go on" });
    $("next-trick").hidden = false;
    $("next-trick").focus({ preventScroll: true });
  }

  async function playSteps(data, from, animate) {
    const steps = data.steps;
    for (let i = from; i < steps.length; i++) {
      const step = steps[i];
      const mine = step.seat === data.seat;
      logLine((mine ? "You" : data.names[step.seat]) + " " + step.text, mine ? "mine" : "");
      if (step.trick) {
        logLine(step.trick.text, "won");
        if (i + 1 < steps.length) {
          waitForNext(data, step, i + 1);
          return false;
        }
      } else if (!mine && animate) {
        draw(data, step.table, { live: false, text: data.names[step.seat] + " " + step.text });
        await sleep(stepMs(data.game));
      }
    }
    return true;
  }

  async function finish(data, animate) {
    current = data;
    pending = null;
    $("next-trick").hidden = true;
    draw(data, data.table, { live: true });
    if (data.deal_over && data.outcome) {
      logLine(data.outcome.text, "deal");
      for (const line of data.settlement ? data.settlement.lines : []) logLine(line, "settle");
      if (animate) await sleep(stepMs(data.game));
    }
    showResult(data);
  }

  async function show(data, animate = true) {
    resultClosed = false;
    if (await playSteps(data, 0, animate)) await finish(data, animate);
  }

  async function moveOn() {
    // The "next" click after a completed trick: the bots' following moves are shown.
    if (busy || !pending) return;
    setBusy(true);
    try {
      const { data, next } = pending;
      pending = null;
      $("next-trick").hidden = true;
      if (await playSteps(data, next, true)) await finish(data, true);
    } finally {
      setBusy(false);
    }
  }

  async function reload(message, rule) {
    // Re-sync: fetch where the game stands and draw it, saying so.
    const data = await api("GET", "/api/games/" + encodeURIComponent(gameId));
    const moved = current && data.move !== current.move;
    pending = null;
    $("result").hidden = true;
    await show({ ...data, steps: [] }, false);
    const note = moved ? "The game had moved on (in another tab?): the table now shows where it stands." : "The table was reloaded from the server.";
    logLine(note, "sync");
    toast(message ? message + " — " + note : note, rule, "sync");
  }

  async function refused(error) {
    // After a 409 or a refusal the page shows the server's position, never a stale one.
    if (lost(error)) return;
    if (error.current) {
      pending = null;
      $("result").hidden = true;
      await show({ ...error.current, steps: [] }, false);
      logLine("The game had moved on (in another tab?): the table now shows where it stands.", "sync");
      toast("The game had moved on (in another tab?): the table now shows where it stands.", null, "sync");
      return;
    }
    if (error.status === 409 || error.status === 422) {
      try {
        await reload(error.message, error.rule);
        return;
      } catch (again) {
        if (lost(again)) return;
      }
    }
    toast(error.message, error.rule);
  }

  function lost(error) {
    // The server does not know the game (it restarted, keeps only recent games, or the
    // address is wrong): say so, and offer a new game.
    if (error.status !== 404) return false;
    const missing = gameId;
    gameId = null;
    current = null;
    pending = null;
    $("result").hidden = true;
    $("start").hidden = true;
    $("missing-id").textContent = missing || "";
    $("missing").hidden = false;
    return true;
  }

  async function resume() {
    const wanted = params.get("id");
    if (!wanted) return;
    gameId = wanted;
    try {
      const data = await api("GET", "/api/games/" + encodeURIComponent(wanted));
      $("start").hidden = true;
      logDeal(data);
      await show(data, false);
    } catch (error) {
      if (!lost(error)) toast(error.message);
    }
  }

  // ---- actions ----------------------------------------------------------------------

  async function act(action) {
    if (busy || !gameId || pending) return;
    setBusy(true);
    try {
      const move = current ? current.move : 0;
      const data = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/actions", { action, move });
      await show(data);
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(false);
    }
  }

  async function nextDeal() {
    if (busy || !gameId) return;
    setBusy(true);
    try {
      const move = current ? current.move : 0;
      const data = await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/deal", { move });
      $("result").hidden = true;
      logDeal(data);
      await show(data);
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(false);
    }
  }

  function newGame() {
    $("result").hidden = true;
    $("missing").hidden = true;
    $("start").hidden = false;
  }

  $("f-game").addEventListener("change", fillPresets);
  $("f-preset").addEventListener("change", fillPlayers);
  $("start-form").addEventListener("submit", startGame);
  $("next-deal").addEventListener("click", nextDeal);
  $("next-trick").addEventListener("click", moveOn);
  $("result-close").addEventListener("click", closeResult);
  $("new-game").addEventListener("click", newGame);
  $("result-new").addEventListener("click", newGame);
  $("missing-new").addEventListener("click", newGame);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeResult();
  });

  setBusy(true);
  loadCatalogue()
    .then(resume)
    .catch((error) => toast("Cannot reach the server: " + error.message))
    .finally(() => setBusy(false));
})();
