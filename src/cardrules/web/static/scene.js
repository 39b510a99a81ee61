// What to draw, read from a payload's view (the seat's `view` as the library writes it as
// JSON): seats, piles, pool, the cards on the table. This only places what the view
// holds; no rule is decided here (which cards may be played, who wins a trick, why a
// card is refused all come from the table, worked out by the engine).
"use strict";

import { t } from "./strings.js";

const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card's short face for the eye: "10♣" for "10C". */
export function cardFace(card) {
  const text = String(card);
  return text.slice(0, -1) + (SUIT_SYMBOLS[text.slice(-1)] || text.slice(-1));
}

export function suitSymbol(suit) {
  return SUIT_SYMBOLS[suit] || "";
}

const opt = (value) => value !== null && value !== undefined;

function baseSeats(payload, view, facts) {
  const n = payload.table.players;
  const seats = [];
  for (let s = 0; s < n; s++) {
    seats.push({
      seat: s,
      cards: (view.hand_sizes || [])[s] || 0,
      balance: (view.balances || [])[s],
      badges: [],
      ...facts(s),
    });
  }
  return seats;
}

function spoilFive(payload) {
  const view = payload.view;
  const options = view.options || {};
  const n = payload.table.players;
  const points = options.scoring === "points";
  const seats = baseSeats(payload, view, (s) => ({
    tricks: (view.tricks_won || [])[s],
    points: points ? (view.scores || [])[s] : null,
  }));
  (options.teams || []).forEach((team, i) => {
    for (const s of team) seats[s].badges.push(t("team", { name: "ABCDEFGHIJ"[i] }));
  });
  for (const s of view.barred || []) seats[s].badges.push(t("barred"));
  const piles = [];
  if (view.turn_up) {
    piles.push({
      id: "turn-up",
      label: t("turn_up", { suit: suitSymbol(view.trump) }),
      cards: [view.turn_up],
      backs: 0,
      taken_by: view.turn_up_taken_by,
    });
  }
  if ((view.set_aside || []).length) piles.push({ id: "set-aside", label: t("set_aside"), cards: view.set_aside, backs: 0 });
  let trick = [];
  let done = false;
  let told = null;
  if ((view.trick || []).length) {
    const leader = opt(view.leader) ? view.leader : 0;
    trick = view.trick.map((card, i) => ({ seat: (leader + i) % n, card, win: false }));
  } else if ((payload.tricks || []).length) {
    // The last completed trick stays on the table until the next card is led.
    told = payload.tricks[payload.tricks.length - 1];
    trick = told.plays.map((play) => ({ seat: play.seat, card: play.card, win: play.seat === told.winner }));
    done = true;
  }
  const played = (payload.tricks || []).length;
  const notes = [];
  if (view.trump) notes.push(t("trumps", { suit: suitSymbol(view.trump) }));
  notes.push(t("trick_of", { n: Math.min(played + (payload.deal_over ? 0 : 1), 5), total: 5 }));
  return {
    seats,
    piles,
    pool: view.pool,
    poolLabel: points ? t("stakes") : t("pool"),
    trick,
    trickDone: done,
    trickTold: told,
    trickCaption: null,
    notes,
    received: null,
    offered: 0,
    passes: [],
  };
}

function birdSings(payload) {
  const view = payload.view;
  const options = view.options || {};
  const exhaustion = Boolean(options.play_to_exhaustion);
  const seats = baseSeats(payload, view, (s) => ({
    tricks: exhaustion ? (view.tricks || [])[s] : null,
    points: null,
  }));
  if (opt(view.eldest) && seats[view.eldest]) seats[view.eldest].badges.push(t("leader"));
  const piles = [{ id: "stock", label: t("stock_n", { n: view.stock_count || 0 }), cards: [], backs: view.stock_count || 0 }];
  if (view.dead_count) piles.push({ id: "dead", label: t("dead_n", { n: view.dead_count }), cards: [], backs: view.dead_count });
  if ((view.public_rejects || []).length) piles.push({ id: "rejects", label: t("rejected"), cards: view.public_rejects, backs: 0 });
  let trick = [];
  let caption = null;
  const outcome = view.outcome;
  const exchanges = view.exchanges || [];
  if (outcome && opt(outcome.singer) && (outcome.shown || []).length) {
    trick = outcome.shown.map((card) => ({ seat: outcome.singer, card, win: true }));
    caption = t("singing_cards");
  } else if (exchanges.length && exchanges[exchanges.length - 1].turn === view.turn && opt(payload.reader)) {
    const last = exchanges[exchanges.length - 1];
    trick = [{ seat: payload.reader, card: last.discard, win: false, label: t("your_discard") }];
    for (const card of last.rejects || []) trick.push({ seat: payload.reader, card, win: false, label: t("rejected") });
    if (last.taken) trick.push({ seat: payload.reader, card: last.taken, win: true, label: t("you_drew") });
  }
  const received = (view.received || []).length ? view.received[view.received.length - 1] : null;
  const notes = [t("round_n", { n: view.round }), t("turn_n", { n: (view.turn || 0) + 1 })];
  return {
    seats,
    piles,
    pool: view.pool,
    poolLabel: t("pool"),
    trick,
    trickDone: false,
    trickTold: null,
    trickCaption: caption,
    notes,
    received: received && (payload.hand || []).includes(received) ? received : null,
    offered: view.offered || 0,
    passes: payload.passes || [],
  };
}

const SCENES = { "spoil-five": spoilFive, "my-bird-sings": birdSings };

/** The drawing of a payload: seats with their facts, piles, pool, trick, notes. */
export function scene(payload) {
  const build = SCENES[payload.table.game] || spoilFive;
  return build(payload);
}
