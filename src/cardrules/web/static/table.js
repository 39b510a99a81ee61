// The table page: draws one seat's payload (or a spectator's), paces the positions it
// receives, keeps the game's log, and sends the player's choices through a transport
// (transport.js). Every sentence shown about the game comes from the table, already
// written for this seat and language; the page adds only its own labels (strings.js).
"use strict";

import { $, cardImg, cardName, docsHref, el, messageNode, putMessage, rulesOf, setCardNames, sleep, textOf } from "./dom.js";
import { cardFace, scene, suitSymbol } from "./scene.js";
import { t } from "./strings.js";
import { hideTip } from "./tip.js";

// How long each position reported by the table stays on screen when several arrive
// together (a burst of bots' moves), by the speed setting, in ms.
export const SPEEDS = { slow: 1100, normal: 600, fast: 220, instant: 0 };

const opt = (value) => value !== null && value !== undefined;

// The anchors of the rank-order charts on the documentation site ("hearts-trumps").
const SUIT_SLUGS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

export class TableScreen {
  /**
   * @param {object} settings  {speed(), autoplay()}: the page's settings, read on every use
   * @param {object} actions   {act(action, counter), suggest(counter), nextDeal(), rematch()}:
   *                           sends a choice, or asks for a suggested move
   * @param {object} memory    {load(), save(entries)}: where the log outlives a reload
   */
  constructor(settings, actions, memory) {
    this.settings = settings;
    this.actions = actions;
    this.memory = memory;
    this.current = null;
    this.queue = [];
    this.running = false;
    this.resultClosed = false;
    this.resultFor = null;
    this.shownTrick = new Set(); // cards already drawn on the table: only new ones animate
    this.presence = null;
    this.moves = 0;
    this.waiting = false; // a choice was sent and the table has not answered yet
    this.log = memory.load();
    this.autoplayed = null;
    this.said = {}; // each seat's latest move this deal, as the table told it
    this.suggestion = null; // the suggestion frame for the position shown, if asked for
    this.drawLog();
    this.ready(true);
  }

  ready(value) {
    document.body.dataset.state = value ? "ready" : "busy";
  }

  // ---- positions from the table ---------------------------------------------------

  /** A new position for this seat: queued, so a burst of moves is shown one by one. */
  receive(payload) {
    this.queue.push(payload);
    if (!this.running) this.drain();
  }

  async drain() {
    this.running = true;
    this.ready(false);
    try {
      while (this.queue.length) {
        const payload = this.queue.shift();
        this.show(payload);
        const steps = payload.narration || [];
        const others = steps.some((step) => step.seat !== payload.reader);
        if (steps.some((step) => step.trick) && !payload.your_turn && !payload.deal_over) {
          // A completed trick stays on the table a moment before the next card lands.
          await sleep(2 * this.stepMs());
        } else if (this.queue.length && others) {
          await sleep(this.stepMs());
        }
      }
    } finally {
      this.running = false;
      this.ready(true);
    }
    if (this.current) this.autoplay(this.current);
  }

  setPresence(seats) {
    this.presence = seats;
    if (this.current) this.drawSeats(this.current, scene(this.current), []);
  }

  stepMs() {
    const ms = SPEEDS[this.settings.speed()];
    return ms === undefined ? SPEEDS.normal : ms;
  }

  show(payload) {
    const previous = this.current;
    const key = payload.game_number + ":" + payload.deal_number;
    if (!previous || this.resultFor !== key) {
      this.resultClosed = false;
      this.resultFor = key;
    }
    setCardNames(payload.card_names);
    this.waiting = false;
    // a suggestion is for the position and the language it was asked in
    const asked = this.suggestion;
    if (asked && (asked.counter !== payload.counter || asked.language !== payload.language)) this.suggestion = null;
    this.remember(payload);
    this.current = payload;
    this.draw(payload, { live: true });
    this.moves += 1;
    document.body.dataset.moves = String(this.moves);
    document.body.dataset.counter = String(payload.counter);
    document.body.dataset.dealOver = String(Boolean(payload.deal_over));
    document.body.dataset.game = String(payload.game_number);
    document.body.dataset.deal = String(payload.deal_number);
    if (payload.language) document.body.dataset.payloadLanguage = payload.language;
    this.showResult(payload);
  }

  autoplay(payload) {
    // "Play a forced card for me": when the only choice is one card, it is played for you.
    if (!this.settings.autoplay() || !payload.your_turn) return;
    const legal = payload.legal || [];
    if (legal.length !== 1 || !legal[0].card) return;
    if (this.autoplayed === payload.counter) return;
    this.autoplayed = payload.counter;
    setTimeout(() => {
      // Only if nothing has moved meanwhile (the same position may be sent twice).
      if (this.current && this.current.counter === payload.counter && !this.running) this.act(legal[0].action);
    }, Math.max(300, this.stepMs()));
  }

  // ---- the log --------------------------------------------------------------------

  lastLogged() {
    for (let i = this.log.length - 1; i >= 0; i--) if (opt(this.log[i].counter)) return this.log[i].counter;
    return null;
  }

  remember(payload) {
    // The table narrates the steps after the counter the page said it holds; the page
    // keeps what it was told (in session storage), so a reload loses nothing.
    const last = this.lastLogged();
    const add = (entry, kind, counter) => {
      this.log.push({ text: textOf(entry), rules: rulesOf(entry), kind, counter });
    };
    const steps = (payload.narration || []).filter((step) => !opt(last) || step.counter > last);
    for (const step of payload.narration || []) {
      if (step.kind !== "action") this.said = {};
      else if (opt(step.seat)) this.said[step.seat] = step.text;
    }
    if (opt(last) && payload.narration_complete === false && steps.length && steps[0].counter > last + 1) {
      add(t("resynced"), "sync", null);
    }
    for (const step of steps) {
      const kind = step.kind === "action" ? (opt(payload.reader) && step.seat === payload.reader ? "mine" : "") : "deal";
      add(step.text, kind, step.counter);
      if (step.trick) add(step.trick, "won", step.counter);
      if (step.settlement) for (const line of step.settlement.lines || [step.settlement]) add(line, "settle", step.counter);
    }
    if (steps.length) {
      this.memory.save(this.log);
      this.drawLog();
    }
  }

  drawLog() {
    const log = $("log");
    log.replaceChildren();
    for (const entry of this.log) log.appendChild(putMessage(el("li", entry.kind || ""), entry));
    log.scrollTop = log.scrollHeight;
  }

  // ---- drawing --------------------------------------------------------------------

  name(payload, seat) {
    const entry = (payload.seats || [])[seat];
    const name = entry && entry.name ? entry.name : t("seat_number", { n: seat + 1 });
    return seat === payload.reader ? t("name_you", { name }) : name;
  }

  draw(payload, options) {
    hideTip();
    const live = options.live;
    const drawn = scene(payload);
    const outcome = payload.view.outcome;
    const winners = live && payload.deal_over && outcome ? outcome.winners || [] : [];
    const table = payload.table;
    $("game-title").textContent = [table.name, table.title, presetLabel(table.preset), t("deal_n", { n: payload.deal_number })]
      .filter(Boolean)
      .join(" · ");
    this.drawSeats(payload, drawn, winners);
    this.drawCentre(payload, drawn);
    this.drawOrder(payload);
    this.drawTrick(payload, drawn);
    this.drawMe(payload, drawn, live);
    const status = $("status");
    const mine = live && payload.your_turn && !this.waiting;
    status.classList.toggle("yours", Boolean(mine));
    document.body.dataset.yourTurn = String(Boolean(mine));
    // The tab's title says when it is your turn, for a table left in another tab.
    document.title = (mine ? "● " : "") + [table.name, table.title].filter(Boolean).join(" · ");
    $("me").classList.toggle("yours", Boolean(mine));
    status.replaceChildren();
    if (mine) {
      if (payload.prompt) putMessage(status, payload.prompt, { rules: false });
      else status.textContent = t("your_turn");
    } else if (payload.deal_over) {
      status.textContent = payload.game_over ? t("game_over") : t("deal_n_over", { n: payload.deal_number });
    } else if (opt(payload.to_act)) {
      status.textContent = t("to_play", { name: this.name(payload, payload.to_act) });
    }
  }

  seatOrder(payload) {
    const n = payload.table.players;
    const me = opt(payload.reader);
    const first = me ? payload.reader : 0;
    const order = [];
    for (let k = me ? 1 : 0; k < n; k++) order.push((first + k) % n);
    return order;
  }

  presenceChip(payload, seat) {
    let key = null;
    const live = (this.presence || []).find((entry) => entry.seat === seat);
    const kind = live ? live.occupant : ((payload.seats || [])[seat] || {}).kind;
    if (kind === "bot") key = "bot";
    else if (kind === "empty") key = "empty";
    else if (live) key = live.connected ? "online" : "offline";
    if (!key) return null;
    const chip = el("span", "presence " + key, t("presence_" + key));
    chip.dataset.presence = key;
    return chip;
  }

  facts(s) {
    const parts = [];
    if (opt(s.balance)) parts.push(t("counters", { n: (s.balance > 0 ? "+" : "") + s.balance }));
    if (opt(s.points)) parts.push(t("points", { n: s.points }));
    if (opt(s.tricks)) parts.push(t(s.tricks === 1 ? "trick_one" : "tricks", { n: s.tricks }));
    return parts;
  }

  badges(node, payload, s) {
    if (s.seat === payload.dealer) node.appendChild(el("span", "chip dealer", t("dealer")));
    for (const badge of s.badges) node.appendChild(el("span", "chip", badge));
  }

  drawSeats(payload, drawn, winners) {
    const box = $("opponents");
    box.replaceChildren();
    for (const seat of this.seatOrder(payload)) {
      const s = drawn.seats[seat];
      const node = el("div", "seat");
      node.dataset.seat = String(seat);
      if (opt(s.tricks)) node.dataset.tricks = String(s.tricks);
      if (payload.to_act === seat) node.classList.add("turn");
      if (winners.includes(seat)) node.classList.add("winner");
      const name = el("div", "name", this.name(payload, seat));
      const chip = this.presenceChip(payload, seat);
      if (chip) name.appendChild(chip);
      node.appendChild(name);
      this.badges(node, payload, s);
      const facts = el("div", "facts");
      for (const part of this.facts(s)) facts.appendChild(el("span", null, part));
      node.appendChild(facts);
      const backs = el("div", "backs");
      for (let i = 0; i < Math.min(s.cards, 8); i++) backs.appendChild(cardImg(null, ""));
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", t("cards_in_hand", { n: s.cards }));
      node.appendChild(backs);
      const pass = drawn.passes.find((p) => p.from === seat);
      if (pass) node.appendChild(this.passNode(payload, pass));
      else if (this.said[seat]) node.appendChild(putMessage(el("div", "said"), this.said[seat], { rules: false }));
      box.appendChild(node);
    }
    const line = $("my-seat");
    line.replaceChildren();
    if (!opt(payload.reader)) {
      line.appendChild(el("b", null, t("spectating")));
      return;
    }
    const me = drawn.seats[payload.reader];
    if (opt(me.tricks)) line.dataset.tricks = String(me.tricks);
    line.appendChild(el("b", null, this.name(payload, payload.reader)));
    const chip = this.presenceChip(payload, payload.reader);
    if (chip) line.appendChild(chip);
    line.appendChild(document.createTextNode(" · " + this.facts(me).join(" · ") + " "));
    this.badges(line, payload, me);
  }

  passNode(payload, pass) {
    // My Bird Sings: a card passed this turn, face down unless this seat may see it.
    const node = el("div", "pass");
    node.appendChild(cardImg(pass.card || null, pass.card ? cardName(pass.card) : t("face_down")));
    node.appendChild(el("span", null, t("passes_to", { name: this.name(payload, pass.to) })));
    return node;
  }

  drawCentre(payload, drawn) {
    const box = $("centre");
    box.replaceChildren();
    for (const pile of drawn.piles) {
      const taken = opt(pile.taken_by);
      const node = el("div", "pile" + (taken ? " taken" : ""));
      node.dataset.pile = pile.id;
      const cards = el("div", "cards");
      for (const c of pile.cards) cards.appendChild(cardImg(c));
      const backs = Math.min(pile.backs, 6);
      if (backs > 0) cards.classList.add("stack");
      for (let i = 0; i < backs; i++) cards.appendChild(cardImg(null, ""));
      node.appendChild(cards);
      let caption = pile.label;
      if (taken) caption += " · " + t("taken_by", { name: this.name(payload, pile.taken_by) });
      node.appendChild(el("div", "caption", caption));
      box.appendChild(node);
    }
    const pool = el("div", "pool");
    const counters = el("div", "counters");
    for (let i = 0; i < Math.min(drawn.pool || 0, 6); i++) {
      const c = el("div", "counter");
      c.style.top = 24 - i * 4 + "px";
      counters.appendChild(c);
    }
    pool.appendChild(counters);
    pool.appendChild(el("div", "amount", drawn.pool));
    pool.appendChild(el("div", "caption", drawn.poolLabel));
    box.appendChild(pool);
    $("notes").textContent = drawn.notes.join(" · ");
  }

  drawOrder(payload) {
    // Spoil Five: the order of the cards for this trump, always beside the turn-up. The
    // order comes from the table (the engine's trump_order and plain_order).
    // Either the trump order alone (a list of cards, best first) or titled rows.
    let order = payload.order || null;
    if (Array.isArray(order)) order = { rows: [{ label: t("trumps_best_first"), cards: order }] };
    const box = $("order");
    const list = $("order-cards");
    list.replaceChildren();
    const view = payload.view;
    const chart = !order && view && view.trump && view.options && view.options.ranking === "peel";
    box.hidden = !order && !chart;
    if (chart) {
      // Without the order in the payload: the chart of the rules site for this trump.
      const link = el("a", "order-link", t("order_chart", { suit: suitSymbol(view.trump) }));
      link.href = docsHref("rank-orders.html#" + SUIT_SLUGS[view.trump] + "-trumps");
      link.target = "_blank";
      link.rel = "noopener";
      list.appendChild(el("li", "order-row")).appendChild(link);
      $("order-summary").textContent = t("card_order");
      return;
    }
    if (!order) return;
    for (const row of order.rows || []) {
      const line = el("li", "order-row" + (row.trump ? " trumps" : ""));
      // The trump row says so in the page's words, with the suit's name from the table.
      const label = row.trump ? { text: t("trumps_best_first") + " (" + textOf(row.label) + ")", rules: rulesOf(row.label) } : row.label;
      line.appendChild(messageNode("span", "order-label", label));
      const cards = el("span", "order-line");
      (row.cards || []).forEach((card, i) => {
        if (i) cards.appendChild(el("span", "gt", "›"));
        const chip = el("span", "mini" + (/[HD]$/.test(card) ? " red" : ""), cardFace(card));
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", cardName(card));
        cards.appendChild(chip);
      });
      line.appendChild(cards);
      list.appendChild(line);
    }
    $("order-summary").textContent = order.title ? textOf(order.title) : t("card_order");
  }

  drawTrick(payload, drawn) {
    const box = $("trick");
    box.replaceChildren();
    const caption = $("trick-caption");
    caption.replaceChildren();
    if (drawn.trickTold) putMessage(caption, drawn.trickTold);
    else if (drawn.trickCaption) caption.textContent = drawn.trickCaption;
    box.classList.toggle("done", drawn.trickDone);
    const now = new Set();
    for (const play of drawn.trick) {
      const key = payload.game_number + ":" + payload.deal_number + ":" + play.seat + ":" + play.card;
      now.add(key);
      const node = el("div", "played" + (play.win ? " win" : "") + (this.shownTrick.has(key) ? "" : " new"));
      node.dataset.card = play.card;
      node.appendChild(cardImg(play.card));
      node.appendChild(el("div", "who", play.label || this.name(payload, play.seat)));
      box.appendChild(node);
    }
    this.shownTrick = now;
  }

  drawMe(payload, drawn, live) {
    const spectator = !opt(payload.reader);
    $("me").classList.toggle("spectator", spectator);
    $("hint").hidden = true;
    const hand = $("hand");
    hand.replaceChildren();
    const actions = $("actions");
    actions.replaceChildren();
    $("offered-box").hidden = true;
    // My Bird Sings: what the hand lacks and the chance of completing it (one or more
    // sentences from the table).
    const advice = $("advice");
    advice.replaceChildren();
    const hints = live && payload.hint ? [].concat(payload.hint) : [];
    advice.hidden = hints.length === 0;
    hints.forEach((hint, i) => {
      if (i) advice.appendChild(document.createTextNode(" "));
      putMessage(advice, hint);
    });
    hand.hidden = spectator;
    if (!spectator) {
      const legal = live && !this.waiting ? payload.legal || [] : [];
      const byCard = new Map();
      const byIndex = new Map();
      const buttons = [];
      // A card is clicked for its ordinary move (play, pass) when it has several; the
      // others (rob with it, say) are buttons.
      const ordinary = (entry) => /^(play|pass) /.test(entry.action);
      const ranked = [...legal.filter(ordinary), ...legal.filter((entry) => !ordinary(entry))];
      for (const entry of ranked) {
        if (entry.card && !(entry.cards && entry.cards.length > 1) && !byCard.has(entry.card)) byCard.set(entry.card, entry);
        else if (opt(entry.index)) byIndex.set(entry.index, entry);
        else buttons.push(entry);
      }
      const reasons = live && !payload.deal_over ? payload.unavailable || {} : {};
      hand.classList.toggle("fanned", (payload.hand || []).length > 5);
      for (const card of payload.hand || []) {
        hand.appendChild(this.handCard(card, byCard.get(card), reasons[card], card === drawn.received));
      }
      this.drawOffered(payload, drawn, byIndex);
      for (const entry of buttons) actions.appendChild(this.actionButton(entry));
      this.drawSuggestion(payload, live && payload.your_turn && legal.length > 0);
    } else {
      this.drawSuggestion(payload, false);
    }
    if (live && payload.deal_over) this.drawBetweenDeals(payload);
  }

  drawSuggestion(payload, offered) {
    // "Suggest a move" on your turn; once the table answers, the move it suggests is
    // highlighted (a card, a face-down card or a button) and said in the table's words.
    $("suggest-box").hidden = !offered;
    const said = $("suggestion");
    said.replaceChildren();
    const found = offered && this.suggestion && this.suggestion.counter === payload.counter ? this.suggestion.suggestion : null;
    said.hidden = !found;
    $("suggest").onclick = () => this.suggest();
    if (!found) return;
    said.appendChild(el("b", null, t("suggested") + " "));
    putMessage(said, { text: textOf(found.text), rules: found.rules || [] });
    for (const node of document.querySelectorAll("#me [data-action]")) {
      if (node.dataset.action !== found.action) continue;
      node.classList.add("suggested");
      node.dataset.suggested = "true";
    }
  }

  suggest() {
    if (this.waiting || !this.current || !this.current.your_turn) return;
    this.actions.suggest(this.current.counter);
  }

  /** The table's answer to "suggest": shown while the position it was asked at is. */
  suggested(frame) {
    if (!this.current || frame.counter !== this.current.counter) return;
    this.suggestion = { ...frame, language: this.current.language };
    this.draw(this.current, { live: true });
  }

  handCard(card, entry, why, received) {
    const node = el("button", "card " + (entry ? "legal" : "dim"));
    node.type = "button";
    node.dataset.card = card;
    node.appendChild(cardImg(card, ""));
    const name = cardName(card) + (received ? " (" + t("just_received") + ")" : "");
    if (received) {
      node.classList.add("received");
      node.appendChild(el("span", "new-card", t("just_received")));
    }
    if (entry) {
      node.dataset.action = entry.action;
      const label = textOf(entry.text) || name;
      node.setAttribute("aria-label", label + (received ? " (" + t("just_received") + ")" : ""));
      node.dataset.tip = label;
      if (entry.description) node.setAttribute("aria-description", textOf(entry.description));
      node.addEventListener("click", () => this.act(entry.action));
      return node;
    }
    // Not disabled: a tap must still say why the card cannot be used now.
    node.setAttribute("aria-disabled", "true");
    if (why) {
      node.dataset.tip = textOf(why);
      node.dataset.rule = rulesOf(why).join(" ");
      node.setAttribute("aria-label", name + ": " + textOf(why));
      node.addEventListener("click", () => this.explain(card, why));
    } else {
      node.setAttribute("aria-label", name);
    }
    return node;
  }

  explain(card, why) {
    const hint = $("hint");
    hint.replaceChildren();
    putMessage(hint, why);
    hint.hidden = false;
  }

  drawOffered(payload, drawn, byIndex) {
    const offered = $("offered");
    offered.replaceChildren();
    $("offered-box").hidden = !drawn.offered;
    if (!drawn.offered) return;
    const giver = (payload.reader - 1 + payload.table.players) % payload.table.players;
    $("offered-caption").textContent = t("offered_by", { name: this.name(payload, giver) });
    for (let i = 0; i < drawn.offered; i++) {
      const entry = byIndex.get(i);
      const node = el("button", "card" + (entry ? " legal" : ""));
      node.type = "button";
      node.appendChild(cardImg(null, ""));
      node.setAttribute("aria-label", entry ? textOf(entry.text) : t("face_down"));
      if (entry) {
        node.dataset.action = entry.action;
        node.dataset.tip = textOf(entry.text);
        node.addEventListener("click", () => this.act(entry.action));
      } else {
        node.disabled = true;
      }
      offered.appendChild(node);
    }
  }

  actionButton(entry) {
    // A decision that is not a single card: its label, and one sentence on what it does.
    const wrap = el("div", "choice");
    const sing = entry.action.startsWith("sing");
    const node = el("button", "btn" + (sing ? " sing" : entry.action === "abandon" ? " ghost" : ""));
    node.type = "button";
    node.dataset.action = entry.action;
    if (sing) {
      // Declared singing: a clear "My bird sings!" with the cards it shows.
      node.textContent = t("my_bird_sings") + " " + (entry.cards || []).map(cardFace).join(" ");
      node.setAttribute("aria-label", t("my_bird_sings") + " " + (entry.cards || []).map(cardName).join(", "));
    } else {
      putMessage(node, entry.text, { rules: false });
    }
    node.addEventListener("click", () => this.act(entry.action));
    wrap.appendChild(node);
    if (entry.description) {
      const about = messageNode("p", "describe", entry.description);
      about.id = "about-" + entry.action.replace(/\W+/g, "-");
      node.setAttribute("aria-describedby", about.id);
      wrap.appendChild(about);
    }
    return wrap;
  }

  drawBetweenDeals(payload) {
    const actions = $("actions");
    if (this.resultClosed) {
      const again = el("button", "btn ghost", t("show_result"));
      again.type = "button";
      again.id = "show-result";
      again.addEventListener("click", () => {
        this.resultClosed = false;
        this.showResult(this.current);
      });
      actions.appendChild(again);
      for (const button of this.dealButtons(payload, "-bar")) actions.appendChild(button);
    }
  }

  dealButtons(payload, suffix) {
    const found = [];
    if (!opt(payload.reader)) return found;
    if (!payload.game_over) {
      const next = el("button", "btn", t("next_deal"));
      next.type = "button";
      next.id = "next-deal" + suffix;
      next.addEventListener("click", () => this.actions.nextDeal());
      found.push(next);
    }
    const again = el("button", payload.game_over ? "btn" : "btn ghost", t("rematch"));
    again.type = "button";
    again.id = "rematch" + suffix;
    again.addEventListener("click", () => this.actions.rematch());
    found.push(again);
    return found;
  }

  // ---- the result of a deal -------------------------------------------------------

  showResult(payload) {
    const box = $("result");
    const outcome = payload ? payload.view.outcome : null;
    if (!payload || !payload.deal_over || !outcome || this.resultClosed) {
      box.hidden = true;
      return;
    }
    $("result-title").textContent = payload.game_over ? t("game_over") : t("deal_n_over", { n: payload.deal_number });
    const cards = $("result-cards");
    cards.replaceChildren();
    const shown = outcome.shown || [];
    $("result-cards-box").hidden = shown.length === 0;
    for (const c of shown) cards.appendChild(cardImg(c));
    const lines = $("result-lines");
    lines.replaceChildren();
    const settlement = payload.settlement;
    if (settlement) {
      for (const line of settlement.lines || []) lines.appendChild(messageNode("li", null, line));
      if (rulesOf(settlement).length) {
        const rules = el("li", "rules");
        for (const rule of rulesOf(settlement)) putMessage(rules, { text: "", rules: [rule] });
        lines.appendChild(rules);
      }
    }
    const scores = $("result-scores");
    scores.replaceChildren();
    const view = payload.view;
    const points = view.options && view.options.scoring === "points";
    const head = el("tr");
    for (const h of [t("player"), points ? t("points_head") : t("this_deal"), t("balance")]) head.appendChild(el("th", null, h));
    scores.appendChild(head);
    for (let s = 0; s < payload.table.players; s++) {
      const row = el("tr", (outcome.winners || []).includes(s) ? "won" : "");
      row.appendChild(el("td", null, this.name(payload, s)));
      const got = (outcome.payouts || [])[s];
      row.appendChild(el("td", null, points ? String((view.scores || [])[s]) : got ? "+" + got : "—"));
      const balance = (view.balances || [])[s];
      row.appendChild(el("td", null, opt(balance) ? (balance > 0 ? "+" : "") + balance : ""));
      scores.appendChild(row);
    }
    $("result-buttons").replaceChildren(...this.dealButtons(payload, ""));
    const opening = box.hidden;
    box.hidden = false;
    if (opening) {
      // Keyboard and screen-reader users land in the dialog, on its first choice.
      const first = box.querySelector("#result-buttons button") || $("result-close");
      first.focus({ preventScroll: true });
    }
  }

  closeResult() {
    if ($("result").hidden) return;
    this.resultClosed = true;
    $("result").hidden = true;
    if (this.current) this.draw(this.current, { live: true });
  }

  // ---- the player's choices -------------------------------------------------------

  act(action) {
    // Not while a burst of positions is being shown, unless the one shown is this seat's turn.
    if (this.waiting || !this.current || (this.running && !this.current.your_turn)) return;
    if (this.actions.act(action, this.current.counter) !== false) {
      this.waiting = true; // the hand stays put until the table answers
      this.draw(this.current, { live: true });
    }
  }

  /** The table refused a frame: say why (nothing changed), and offer the choices again. */
  refused(message) {
    this.waiting = false;
    if (this.current) this.draw(this.current, { live: true });
    toast(message, "");
  }
}

function presetLabel(preset) {
  return preset ? preset.charAt(0).toUpperCase() + preset.slice(1).replace(/-/g, " ") : "";
}

let toastTimer = null;

/** A short message at the bottom of the screen, with its rule ids as links. */
export function toast(message, kind) {
  const box = $("toast");
  box.replaceChildren();
  putMessage(box, message);
  box.className = "toast" + (kind ? " " + kind : "");
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, 6000);
}
