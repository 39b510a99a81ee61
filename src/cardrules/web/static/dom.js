// Small helpers shared by the lobby and the table: elements, cards, messages, rule links.
"use strict";

import { cardFace } from "./scene.js";
import { t } from "./strings.js";

export const $ = (id) => document.getElementById(id);

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The page never builds or parses a sentence about the game: a message from the table is
// {"id", "params", "rules", "text"} already written for this seat in its language, and
// the rule ids travel apart from the sentence so they can be shown as links.
export function textOf(message) {
  if (message === null || message === undefined) return "";
  if (typeof message === "string") return message;
  return String(message.text || "");
}

export function rulesOf(message) {
  if (!message || typeof message !== "object") return [];
  if (Array.isArray(message.rules)) return message.rules;
  return message.rule ? [message.rule] : [];
}

const RULE_PAGES = { SF: "spoil-five", MBS: "my-bird-sings", C: "common", D: "common" };
// The decisions (D-n) that a game's rules page defines; the others are on the common page.
// Each rule id is an anchor on its page ("#sf-3", "#d-17"); tests/web/test_rule_links.py
// checks this table against docs/rules.
const DECISION_PAGES = {
  "my-bird-sings": [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 26],
  "spoil-five": [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28],
};
let rulesBase = "https://cardrules.github.io/cardrules/rules/";

/** Where the rules pages live (a server may serve its own copy). */
export function setRulesBase(base) {
  if (base) rulesBase = base.endsWith("/") ? base : base + "/";
}

/** A page of the documentation site, beside the rules pages (``rank-orders.html#...``). */
export function docsHref(page) {
  return rulesBase.replace(/rules\/$/, "") + page;
}

export function ruleHref(rule) {
  const [prefix, number] = String(rule).split("-");
  let page = RULE_PAGES[prefix] || "common";
  if (prefix === "D") {
    for (const [game, numbers] of Object.entries(DECISION_PAGES)) if (numbers.includes(Number(number))) page = game;
  }
  return rulesBase + page + ".html#" + encodeURIComponent(String(rule).toLowerCase());
}

/** A rule id as a small link to its rules page (opens apart from the table). */
export function ruleLink(rule) {
  const link = el("a", "rule", rule);
  link.href = ruleHref(rule);
  link.target = "_blank";
  link.rel = "noopener";
  link.title = t("rule_link", { rule });
  link.setAttribute("aria-label", t("rule_link", { rule }));
  return link;
}

/** A message as a text node followed by its rule links; `into` receives both. */
export function putMessage(into, message, options = {}) {
  into.appendChild(document.createTextNode(textOf(message)));
  if (options.rules === false) return into;
  for (const rule of rulesOf(message)) {
    into.appendChild(document.createTextNode(" "));
    into.appendChild(ruleLink(rule));
  }
  return into;
}

export function messageNode(tag, className, message) {
  return putMessage(el(tag, className), message);
}

let cardNames = {};

/** The names of cards in the reader's language, as the table sent them ({"10C": "ten of clubs"}). */
export function setCardNames(names) {
  if (names && typeof names === "object") cardNames = names;
}

export function cardName(card) {
  return cardNames[card] || cardFace(card);
}

let cardBase = "/cards/";

/** Where the card pictures are (the server draws them at /cards/; a static page may not). */
export function setCardBase(base) {
  if (base) cardBase = base.endsWith("/") ? base : base + "/";
}

export function cardImg(card, alt) {
  const img = el("img");
  img.src = cardBase + (card ? encodeURIComponent(card) : "back") + ".svg";
  img.alt = alt !== undefined ? alt : card ? cardName(card) : t("face_down");
  img.draggable = false;
  return img;
}
