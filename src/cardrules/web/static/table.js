// The table page: draws one seat's payload (or a spectator's), paces the moves it reports,
// keeps the game's log, and sends the player's choices through a transport
// (transport.js). Every sentence shown about the game comes from the table, already
// written for this seat and language; the page adds only its own labels (strings.js).
"use strict";

import { $, cardImg, cardName, el, messageNode, putMessage, rulesOf, ruleLink, setCardNames, sleep, textOf } from "./dom.js";
import { t } from "./strings.js";
import { hideTip } from "./tip.js";

// How long a reported move stays on screen, by the speed setting (ms per move).
export const SPEEDS = { slow: 1100, normal: 600, fast: 220, instant: 0 };

const opt = (value) => value !== null && value !== undefined;

export class TableScreen {
  /**
   * @param {object} settings  {speed, autoplay} read on every use (the page's settings)
   * @param {object} actions   {act(action), nextDeal(), rematch()} called on clicks
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
    this.shownTrick = new Set(); // cards already drawn in the trick area: only new ones animate
    this.presence = null;
    this.moves = 0;
    this.waiting = false; // an action was sent and its answer has not arrived
    this.log = memory.load();
    this.autoplayed = null;
    this.drawLog();
    this.ready(true);
  }

  ready(value) {
    document.body.dataset.state = value ? "ready" : "busy";
  }

  // ---- frames from the table ------------------------------------------------------

  /** A new position for this seat: queue it, so its moves are shown one after another. */
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
        // Behind by more than one position (a burst of moves): catch up without pacing.
        await this.show(payload, this.queue.length === 0);
      }
    } finally {
      this.running = false;
      this.ready(true);
    }
  }

  setPresence(presence) {
    this.presence = presence;
    if (this.current) this.drawSeats(this.current, this.current.table, []);
  }

  // ---- pacing ---------------------------------------------------------------------

  stepMs() {
    const ms = SPEEDS[this.settings.speed()];
    return ms === undefined ? SPEEDS.normal : ms;
  }

  async show(payload, animate) {
    const previous = this.current;
    const fresh = !previous || previous.deal !== payload.deal || previous.game_id !== payload.game_id;
    if (fresh) this.resultClosed = false;
    setCardNames(payload.card_names);
    this.waiting = false;
    if (payload.log) {
      this.log = payload.log.map((entry) => ({ text: entry.text !== undefined ? entry : entry, kind: entry.kind || "" }));
    } else {
      this.remember(payload, previous);
    }
    const steps = payload.steps || [];
    const delay = animate ? this.stepMs() : 0;
    for (const step of steps) {
      if (!step.table || delay === 0) continue;
      if (opt(payload.seat) && step.seat === payload.seat && !step.trick) continue;
      this.draw(payload, step.table, { live: false, status: step.text });
      await sleep(step.trick ? delay * 2 : delay);
    }
    this.current = payload;
    this.drawLog();
    this.draw(payload, payload.table, { live: true });
    this.moves += 1;
    document.body.dataset.moves = String(this.moves);
    document.body.dataset.counter = String(this.counter(payload));
    this.showResult(payload);
    this.autoplay(payload);
  }

  counter(payload) {
    return opt(payload.counter) ? payload.counter : payload.move;
  }

  autoplay(payload) {
    // "Play a forced card for me": when the only thing this seat may do is one card, play it.
    if (!this.settings.autoplay() || !payload.your_turn) return;
    const legal = payload.legal || [];
    if (legal.length !== 1 || !legal[0].card || !legal[0].action.startsWith("play ")) return;
    const key = this.counter(payload);
    if (this.autoplayed === key) return;
    this.autoplayed = key;
    setTimeout(() => {
      if (this.current === payload && this.queue.length === 0) this.act(legal[0].action);
    }, Math.max(250, this.stepMs()));
  }

  // ---- the log --------------------------------------------------------------------

  remember(payload, previous) {
    // Without a log from the table the page keeps its own, in the browser's session storage.
    const add = (text, kind) => this.log.push({ text: textOf(text), rules: rulesOf(text), kind });
    const counter = this.counter(payload);
    const last = this.log.length ? this.log[this.log.length - 1].counter : null;
    const newDeal = !previous || previous.deal !== payload.deal;
    if (newDeal && payload.deal_line) add(payload.deal_line, "deal");
    else if (previous && opt(last) && counter > last + (payload.steps || []).length && !(payload.steps || []).length) {
      add(t("resynced"), "sync");
    }
    for (const step of payload.steps || []) {
      add(step.text, opt(payload.seat) && step.seat === payload.seat ? "mine" : "");
      if (step.trick) add(step.trick.text, "won");
    }
    if (payload.deal_over && payload.outcome && !(previous && previous.deal === payload.deal && previous.deal_over)) {
      add(payload.outcome.text, "deal");
      for (const line of payload.settlement ? payload.settlement.lines : []) add(line, "settle");
    }
    if (this.log.length) this.log[this.log.length - 1].counter = counter;
    this.memory.save(this.log);
  }

  drawLog() {
    const log = $("log");
    log.replaceChildren();
    for (const entry of this.log) {
      const item = el("li", entry.kind || "");
      if (entry.text && typeof entry.text === "object") putMessage(item, entry.text);
      else putMessage(item, { text: entry.text, rules: entry.rules || [] });
      log.appendChild(item);
    }
    log.scrollTop = log.scrollHeight;
  }

  // ---- drawing --------------------------------------------------------------------

  name(payload, seat) {
    const names = payload.names || [];
    return textOf(names[seat]) || t("seat_number", { n: seat + 1 });
  }

  draw(payload, table, options) {
    hideTip();
    const live = options.live;
    const winners = live && payload.outcome ? payload.outcome.winners || [] : [];
    $("game-title").textContent = [payload.table_name, textOf(payload.title), textOf(payload.preset_label), t("deal_n", { n: payload.deal })]
      .filter(Boolean)
      .join(" · ");
    this.drawSeats(payload, table, winners);
    this.drawCentre(payload, table);
    this.drawOrder(payload);
    this.drawTrick(payload, table);
    this.drawMe(payload, table, live);
    const status = $("status");
    const mine = live && payload.your_turn;
    status.classList.toggle("yours", Boolean(mine));
    $("me").classList.toggle("yours", Boolean(mine));
    status.replaceChildren();
    if (options.status) putMessage(status, options.status, { rules: false });
    else if (mine) putMessage(status, payload.prompt, { rules: false });
    else if (live && payload.deal_over) putMessage(status, payload.outcome ? payload.outcome.text : t("deal_over"), { rules: false });
    else if (opt(table.to_act)) status.textContent = t("to_play", { name: this.name(payload, table.to_act) });
  }

  seatOrder(payload) {
    const n = payload.players || (payload.table.seats || []).length;
    const first = opt(payload.seat) ? payload.seat : 0;
    const order = [];
    for (let k = opt(payload.seat) ? 1 : 0; k < n; k++) order.push((first + k) % n);
    return order;
  }

  connected(payload, seat) {
    const presence = this.presence || payload.presence || null;
    if (!presence) return null;
    const entry = Array.isArray(presence) ? presence[seat] : presence[String(seat)];
    if (entry === null || entry === undefined) return null;
    return typeof entry === "object" ? entry : { connected: Boolean(entry) };
  }

  presenceChip(payload, seat) {
    const state = this.connected(payload, seat);
    if (!state) return null;
    let key = state.connected ? "online" : "offline";
    if (state.bot) key = "bot";
    const chip = el("span", "presence " + key, t("presence_" + key));
    chip.dataset.presence = key;
    return chip;
  }

  badges(node, payload, seat, table) {
    const s = (table.seats || [])[seat] || {};
    if (seat === table.dealer) node.appendChild(el("span", "chip dealer", t("dealer")));
    for (const b of s.badges || []) {
      const text = textOf(b);
      node.appendChild(el("span", "chip " + String(b.id || text).replace(/\W+/g, "-"), text));
    }
  }

  facts(s) {
    const parts = [];
    if (opt(s.balance)) parts.push(t("counters", { n: (s.balance > 0 ? "+" : "") + s.balance }));
    if (opt(s.points)) parts.push(t("points", { n: s.points }));
    if (opt(s.tricks)) parts.push(t(s.tricks === 1 ? "trick_one" : "tricks", { n: s.tricks }));
    return parts;
  }

  factsNode(s) {
    const node = el("div", "facts");
    for (const part of this.facts(s)) node.appendChild(el("span", null, part));
    return node;
  }

  drawSeats(payload, table, winners) {
    const box = $("opponents");
    box.replaceChildren();
    for (const seat of this.seatOrder(payload)) {
      const s = (table.seats || [])[seat] || {};
      const node = el("div", "seat");
      node.dataset.seat = String(seat);
      if (table.to_act === seat) node.classList.add("turn");
      if (winners.includes(seat)) node.classList.add("winner");
      const name = el("div", "name", this.name(payload, seat));
      const chip = this.presenceChip(payload, seat);
      if (chip) name.appendChild(chip);
      node.appendChild(name);
      this.badges(node, payload, seat, table);
      node.appendChild(this.factsNode(s));
      const backs = el("div", "backs");
      const count = s.cards || 0;
      for (let i = 0; i < Math.min(count, 8); i++) backs.appendChild(cardImg(null, ""));
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", t("cards_in_hand", { n: count }));
      node.appendChild(backs);
      const passed = (table.passes || []).find((p) => p.from === seat);
      if (passed) node.appendChild(this.passNode(payload, passed));
      box.appendChild(node);
    }
    const mine = $("my-seat");
    if (opt(payload.seat)) this.drawMySeat(payload, table);
    else mine.replaceChildren(el("b", null, t("spectating")));
  }

  passNode(payload, pass) {
    // My Bird Sings: the pass of this turn, face down unless this seat may see it.
    const node = el("div", "pass");
    node.appendChild(cardImg(pass.card || null, pass.card ? cardName(pass.card) : t("face_down")));
    node.appendChild(el("span", null, t("passes_to", { name: this.name(payload, pass.to) })));
    return node;
  }

  drawMySeat(payload, table) {
    const me = (table.seats || [])[payload.seat] || {};
    const line = $("my-seat");
    line.replaceChildren();
    line.appendChild(el("b", null, this.name(payload, payload.seat)));
    const chip = this.presenceChip(payload, payload.seat);
    if (chip) line.appendChild(chip);
    line.appendChild(document.createTextNode(" · " + this.facts(me).join(" · ") + " "));
    this.badges(line, payload, payload.seat, table);
  }

  drawCentre(payload, table) {
    const box = $("centre");
    box.replaceChildren();
    for (const pile of table.piles || []) {
      const taken = opt(pile.taken_by);
      const node = el("div", "pile" + (taken ? " taken" : ""));
      const cards = el("div", "cards");
      for (const c of pile.cards || []) cards.appendChild(cardImg(c));
      const backs = Math.min(pile.backs || 0, 6);
      if (backs > 0) cards.classList.add("stack");
      for (let i = 0; i < backs; i++) cards.appendChild(cardImg(null, i === 0 ? t("face_down_n", { n: pile.backs }) : ""));
      node.appendChild(cards);
      const caption = messageNode("div", "caption", pile.label);
      if (taken) caption.appendChild(document.createTextNode(" · " + t("taken_by", { name: this.name(payload, pile.taken_by) })));
      node.appendChild(caption);
      box.appendChild(node);
    }
    const pool = el("div", "pool");
    const counters = el("div", "counters");
    for (let i = 0; i < Math.min(table.pool || 0, 6); i++) {
      const c = el("div", "counter");
      c.style.top = 24 - i * 4 + "px";
      counters.appendChild(c);
    }
    pool.appendChild(counters);
    pool.appendChild(el("div", "amount", table.pool));
    pool.appendChild(messageNode("div", "caption", table.pool_label || t("pool")));
    box.appendChild(pool);
    const notes = $("notes");
    notes.replaceChildren();
    (table.notes || []).forEach((note, i) => {
      if (i) notes.appendChild(document.createTextNode(" · "));
      putMessage(notes, note);
    });
  }

  drawOrder(payload) {
    // Spoil Five: the order of the cards for this trump, always beside the turn-up.
    const order = payload.order || (payload.table && payload.table.order) || null;
    const box = $("order");
    box.hidden = !order;
    if (!order) return;
    const list = $("order-cards");
    list.replaceChildren();
    const rows = order.rows || [{ label: order.caption, cards: order.cards || order.trumps || [] }];
    for (const row of rows) {
      const line = el("li", "order-row");
      line.appendChild(messageNode("span", "order-label", row.label));
      const cards = el("span", "order-line");
      (row.cards || []).forEach((card, i) => {
        if (i) cards.appendChild(el("span", "gt", "›"));
        const chip = el("span", "mini" + (/[HD]$/.test(card) ? " red" : ""), (row.short || {})[card] || card);
        chip.setAttribute("aria-label", cardName(card));
        chip.setAttribute("role", "img");
        cards.appendChild(chip);
      });
      line.appendChild(cards);
      list.appendChild(line);
    }
    $("order-summary").textContent = order.title ? textOf(order.title) : t("card_order");
  }

  drawTrick(payload, table) {
    const box = $("trick");
    box.replaceChildren();
    const caption = $("trick-caption");
    caption.replaceChildren();
    const done = Boolean(table.trick_done);
    const winner = (table.trick || []).find((play) => play.win);
    if (done && winner) {
      const told = (payload.tricks || []).find((trick) => trick.number === table.trick_number);
      if (told) putMessage(caption, told.text);
      else caption.textContent = t("last_trick_won", { name: this.name(payload, winner.seat) });
    } else if (table.trick_caption) {
      putMessage(caption, table.trick_caption);
    }
    box.classList.toggle("done", done);
    const now = new Set();
    for (const play of table.trick || []) {
      const key = (payload.deal || 0) + ":" + play.seat + ":" + play.card + ":" + textOf(play.label);
      now.add(key);
      const node = el("div", "played" + (play.win ? " win" : "") + (this.shownTrick.has(key) ? "" : " new"));
      node.dataset.card = play.card;
      node.appendChild(cardImg(play.card));
      node.appendChild(el("div", "who", textOf(play.label) || this.name(payload, play.seat)));
      box.appendChild(node);
    }
    this.shownTrick = now;
  }

  drawMe(payload, table, live) {
    const spectator = !opt(payload.seat);
    $("me").classList.toggle("spectator", spectator);
    $("hint").hidden = true;
    const hand = $("hand");
    hand.replaceChildren();
    const actions = $("actions");
    actions.replaceChildren();
    $("offered-box").hidden = true;
    this.drawAdvice(payload, live);
    if (spectator) {
      hand.hidden = true;
      this.drawBetweenDeals(payload, live);
      return;
    }
    hand.hidden = false;
    const legal = live && !this.waiting ? payload.legal || [] : [];
    const byCard = new Map();
    const byIndex = new Map();
    const buttons = [];
    for (const entry of legal) {
      if (entry.card) byCard.set(entry.card, entry);
      else if (opt(entry.index)) byIndex.set(entry.index, entry);
      else buttons.push(entry);
    }
    const received = table.received || null;
    const reasons = live && !payload.deal_over ? payload.unavailable || {} : {};
    hand.classList.toggle("fanned", (table.hand || []).length > 5);
    for (const card of table.hand || []) {
      hand.appendChild(this.handCard(card, byCard.get(card), reasons[card], card === received));
    }
    this.drawOffered(payload, table, byIndex);
    for (const entry of buttons) actions.appendChild(this.actionButton(entry));
    this.drawBetweenDeals(payload, live);
  }

  handCard(card, entry, why, received) {
    const node = el("button", "card " + (entry ? "legal" : "dim"));
    node.type = "button";
    node.dataset.card = card;
    node.appendChild(cardImg(card, ""));
    if (received) {
      node.classList.add("received");
      node.appendChild(el("span", "new-card", t("just_received")));
    }
    const name = cardName(card) + (received ? " (" + t("just_received") + ")" : "");
    if (entry) {
      node.dataset.action = entry.action;
      const label = textOf(entry.label) || name;
      node.setAttribute("aria-label", label);
      node.dataset.tip = label;
      node.addEventListener("click", () => this.act(entry.action));
      if (entry.description) node.setAttribute("aria-description", textOf(entry.description));
      return node;
    }
    // Not disabled: a tap must still say why the card cannot be used now.
    node.setAttribute("aria-disabled", "true");
    if (why) {
      const reason = textOf(why.message || why);
      node.dataset.tip = reason;
      node.dataset.rule = rulesOf(why.message || why).join(" ");
      node.setAttribute("aria-label", name + ": " + reason);
      node.addEventListener("click", () => this.explain(card, why.message || why));
    } else {
      node.setAttribute("aria-label", name);
    }
    return node;
  }

  explain(card, message) {
    const hint = $("hint");
    hint.replaceChildren(el("b", null, cardName(card) + ": "));
    putMessage(hint, message);
    hint.hidden = false;
  }

  drawOffered(payload, table, byIndex) {
    const offered = $("offered");
    offered.replaceChildren();
    $("offered-box").hidden = !table.offered;
    if (!table.offered) return;
    const caption = $("offered-caption");
    caption.replaceChildren();
    if (table.offered_caption) putMessage(caption, table.offered_caption);
    for (let i = 0; i < table.offered; i++) {
      const entry = byIndex.get(i);
      const node = el("button", "card" + (entry ? " legal" : ""));
      node.type = "button";
      node.appendChild(cardImg(null, ""));
      node.setAttribute("aria-label", entry ? textOf(entry.label) : t("face_down"));
      if (entry) {
        node.dataset.action = entry.action;
        node.dataset.tip = textOf(entry.label);
        node.addEventListener("click", () => this.act(entry.action));
      } else {
        node.disabled = true;
      }
      offered.appendChild(node);
    }
  }

  actionButton(entry) {
    // A decision that is not a card: its label, and one sentence saying what it does.
    const wrap = el("div", "choice");
    const sing = entry.action.startsWith("sing");
    const node = el("button", "btn" + (sing ? " sing" : entry.action === "abandon" ? " ghost" : ""));
    node.type = "button";
    node.dataset.action = entry.action;
    putMessage(node, entry.label, { rules: false });
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

  drawAdvice(payload, live) {
    // My Bird Sings: what the hand lacks and the chance of completing it, from the table.
    const box = $("advice");
    box.replaceChildren();
    const hint = live ? payload.hint : null;
    box.hidden = !hint;
    if (hint) putMessage(box, hint);
  }

  drawBetweenDeals(payload, live) {
    const actions = $("actions");
    if (!live || !payload.deal_over) return;
    if (this.resultClosed && payload.outcome) {
      const again = el("button", "btn ghost", t("show_result"));
      again.type = "button";
      again.id = "show-result";
      again.addEventListener("click", () => {
        this.resultClosed = false;
        this.showResult(this.current);
      });
      actions.appendChild(again);
    }
    if (this.resultClosed || !payload.outcome) {
      for (const button of this.dealButtons(payload, "-bar")) actions.appendChild(button);
    }
  }

  dealButtons(payload, suffix) {
    const found = [];
    if (!opt(payload.seat)) return found;
    if (!payload.game_over && payload.can_deal !== false) {
      const next = el("button", "btn", t("next_deal"));
      next.type = "button";
      next.id = "next-deal" + suffix;
      next.addEventListener("click", () => this.actions.nextDeal());
      found.push(next);
    }
    if (payload.game_over || payload.can_rematch) {
      const again = el("button", payload.game_over ? "btn" : "btn ghost", t("rematch"));
      again.type = "button";
      again.id = "rematch" + suffix;
      again.addEventListener("click", () => this.actions.rematch());
      found.push(again);
    }
    return found;
  }

  // ---- the result of a deal -------------------------------------------------------

  showResult(payload) {
    const box = $("result");
    if (!payload || !payload.deal_over || !payload.outcome || this.resultClosed) {
      box.hidden = true;
      return;
    }
    const outcome = payload.outcome;
    $("result-title").textContent = payload.game_over ? t("game_over") : t("deal_n_over", { n: payload.deal });
    const text = $("result-text");
    text.replaceChildren();
    putMessage(text, outcome.text);
    const cards = $("result-cards");
    cards.replaceChildren();
    const shown = outcome.shown || [];
    $("result-cards-box").hidden = shown.length === 0;
    for (const c of shown) cards.appendChild(cardImg(c));
    const lines = $("result-lines");
    lines.replaceChildren();
    for (const line of payload.settlement ? payload.settlement.lines : []) lines.appendChild(messageNode("li", null, line));
    const scores = $("result-scores");
    scores.replaceChildren();
    const head = el("tr");
    for (const h of [t("player"), outcome.scores ? t("points_head") : t("this_deal"), t("balance")]) head.appendChild(el("th", null, h));
    scores.appendChild(head);
    for (let s = 0; s < payload.players; s++) {
      const row = el("tr", (outcome.winners || []).includes(s) ? "won" : "");
      row.appendChild(el("td", null, this.name(payload, s)));
      const got = (outcome.payouts || [])[s];
      row.appendChild(el("td", null, outcome.scores ? String(outcome.scores[s]) : got ? "+" + got : "—"));
      const balance = ((payload.table.seats || [])[s] || {}).balance;
      row.appendChild(el("td", null, opt(balance) ? (balance > 0 ? "+" : "") + balance : ""));
      scores.appendChild(row);
    }
    const buttons = $("result-buttons");
    buttons.replaceChildren(...this.dealButtons(payload, ""));
    const save = $("save-game");
    save.hidden = !payload.record_url;
    if (payload.record_url) save.href = payload.record_url;
    box.hidden = false;
  }

  closeResult() {
    if ($("result").hidden) return;
    this.resultClosed = true;
    $("result").hidden = true;
    if (this.current) this.draw(this.current, this.current.table, { live: true });
  }

  // ---- the player's choices -------------------------------------------------------

  act(action) {
    if (this.running || this.waiting || !this.current) return;
    if (this.actions.act(action, this.counter(this.current)) !== false) {
      this.waiting = true; // the hand stays put until the table answers
      this.draw(this.current, this.current.table, { live: true });
    }
  }

  /** The table refused or could not read what was sent: say why, and wait for the position. */
  refused(message) {
    this.waiting = false;
    if (this.current) this.draw(this.current, this.current.table, { live: true });
    toast(message, "");
  }
}

let toastTimer = null;

/** A short message at the bottom of the screen, with the rule ids as links. */
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

export { ruleLink };
