// The lobby: create a table (game, rules, players, which seats are bots, names) and hand
// out one invite link per seat, a spectator link, and the creator's own link.
"use strict";

import { $, el } from "./dom.js";
import { t } from "./strings.js";

let catalogue = [];

/** How the lobby reaches tables: the server's JSON API (transport-local.js has another). */
const serverLobby = {
  onePerson: false, // true: the other seats are the library's bots
  games: () => getJson("/api/games"),
  create: (body) =>
    getJson("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
};
let lobby = serverLobby;

async function getJson(path, options) {
  const response = await fetch(path, options);
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    const error = new Error((data && (data.message || data.error)) || response.statusText);
    error.field = data ? data.field : null;
    throw error;
  }
  return data;
}

function game() {
  return catalogue.find((g) => g.name === $("f-game").value) || catalogue[0];
}

const presetName = (p) => (typeof p === "string" ? p : p.name);
const presetLabel = (p) => (typeof p === "string" ? p.charAt(0).toUpperCase() + p.slice(1).replace(/-/g, " ") : p.label);

function fillGames() {
  const select = $("f-game");
  const before = select.value;
  select.replaceChildren();
  for (const g of catalogue) {
    const option = el("option", null, g.title);
    option.value = g.name;
    select.appendChild(option);
  }
  if (catalogue.some((g) => g.name === before)) select.value = before;
  fillPresets();
}

function fillPresets() {
  const g = game();
  const select = $("f-preset");
  select.replaceChildren();
  for (const p of g.presets) {
    const option = el("option", null, presetLabel(p));
    option.value = presetName(p);
    select.appendChild(option);
  }
  select.value = g.default_preset;
  $("f-blurb").textContent = g.blurb || "";
  // My Bird Sings: whether a player whose hand sings says so himself ("My bird sings!").
  const singing = g.singing || [];
  $("f-singing-box").hidden = singing.length === 0;
  fillPlayers();
}

function fillPlayers() {
  const g = game();
  const select = $("f-players");
  const before = Number(select.value);
  const preset = g.presets.find((p) => presetName(p) === $("f-preset").value);
  const counts = (preset && preset.players) || g.players;
  const usual = (preset && preset.default_players) || g.default_players;
  select.replaceChildren();
  for (const n of counts) {
    const option = el("option", null, String(n));
    option.value = String(n);
    select.appendChild(option);
  }
  select.value = String(counts.includes(before) ? before : counts.includes(usual) ? usual : counts[0]);
  fillSeats();
}

function fillSeats() {
  // One row per seat: a person (with an optional name) or a bot. The creator sits at the
  // first seat that is a person.
  const box = $("f-seats");
  const old = Array.from(box.querySelectorAll(".seat-row")).map((row) => ({
    bot: row.querySelector("select").value === "bot",
    name: row.querySelector("input").value,
  }));
  box.replaceChildren();
  const n = Number($("f-players").value);
  for (let s = 0; s < n; s++) {
    const row = el("div", "seat-row");
    const label = el("label", "seat-label", t("seat_number", { n: s + 1 }));
    const kind = el("select");
    kind.id = "f-seat-" + s;
    kind.name = "seat-" + s;
    label.htmlFor = kind.id;
    for (const [value, key] of [["person", "seat_person"], ["bot", "seat_bot"]]) {
      const option = el("option", null, t(key));
      option.value = value;
      kind.appendChild(option);
    }
    const keep = old[s];
    kind.value = keep ? (keep.bot ? "bot" : "person") : s === 0 ? "person" : "bot";
    if (lobby.onePerson) {
      kind.value = s === 0 ? "person" : "bot";
      kind.disabled = true;
    }
    const name = el("input");
    name.type = "text";
    name.maxLength = 30;
    name.id = "f-name-" + s;
    name.setAttribute("aria-label", t("seat_name", { n: s + 1 }));
    name.placeholder = t(s === 0 ? "your_name" : "name_optional");
    if (keep) name.value = keep.name;
    const sync = () => {
      name.hidden = kind.value === "bot";
    };
    kind.addEventListener("change", sync);
    sync();
    row.append(label, kind, name);
    box.appendChild(row);
  }
}

async function create(event) {
  event.preventDefault();
  const error = $("f-error");
  error.hidden = true;
  const n = Number($("f-players").value);
  const bots = [];
  const names = [];
  for (let s = 0; s < n; s++) {
    if ($("f-seat-" + s).value === "bot") bots.push(s);
    names.push($("f-name-" + s).value.trim());
  }
  if (bots.length === n) {
    error.textContent = t("error_no_person");
    error.hidden = false;
    return;
  }
  const body = { game: $("f-game").value, preset: $("f-preset").value, players: n, bots };
  if ((game().singing || []).includes($("f-singing").value)) body.singing = $("f-singing").value;
  const seed = $("f-seed").value.trim();
  if (/^\d+$/.test(seed)) body.seed = Number(seed);
  const tableName = $("f-name").value.trim();
  if (tableName) body.name = tableName;
  if (names.some((name, s) => name && !bots.includes(s))) {
    body.names = names.map((name, s) => (bots.includes(s) ? "" : name));
  }
  const button = $("f-create");
  button.disabled = true;
  document.body.dataset.state = "busy";
  try {
    const created = await lobby.create(body);
    if (created) showInvites(created); // none: the table opens in this page
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
    document.body.dataset.state = "ready";
  }
}

async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    input.select(); // without the clipboard API (a page not on https): select it for Ctrl+C
    try {
      document.execCommand("copy");
    } catch (ignored) {
      // the link stays selected
    }
  }
  button.textContent = t("copied");
  setTimeout(() => {
    button.textContent = t("copy");
  }, 1500);
}

function linkRow(label, link, copyLabel, id) {
  const row = el("li", "invite");
  row.dataset.invite = id;
  const title = el("span", "invite-name", label);
  row.appendChild(title);
  if (link) {
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.value = link;
    input.setAttribute("aria-label", label);
    input.addEventListener("focus", () => input.select());
    const button = el("button", "btn ghost small", t("copy"));
    button.type = "button";
    button.setAttribute("aria-label", copyLabel);
    button.addEventListener("click", () => copy(link, input, button));
    row.append(input, button);
  }
  return row;
}

// The server may give links relative to itself: a link to send must be whole.
const whole = (link) => (link ? new URL(link, window.location.origin).href : link);

function showInvites(created) {
  $("create-form").hidden = true;
  const box = $("invites");
  const list = $("invite-list");
  list.replaceChildren();
  for (const seat of created.seats) {
    if (seat.bot) {
      list.appendChild(linkRow(t("bot_seat", { name: seat.name }), null, "", "seat-" + seat.seat));
      continue;
    }
    list.appendChild(linkRow(seat.name, whole(seat.link), t("copy_link_for", { name: seat.name }), "seat-" + seat.seat));
  }
  list.appendChild(linkRow(t("spectator_link"), whole(created.spectator_link), t("copy_spectator"), "spectator"));
  const sit = $("sit-down");
  sit.href = whole(created.creator_link);
  box.hidden = false;
  box.dataset.table = created.table;
  sit.focus();
}

export async function startLobby(api = serverLobby) {
  lobby = api;
  $("lobby").hidden = false;
  $("room").hidden = true;
  $("f-game").addEventListener("change", fillPresets);
  $("f-preset").addEventListener("change", fillPlayers);
  $("f-players").addEventListener("change", fillSeats);
  $("create-form").addEventListener("submit", create);
  $("another-table").addEventListener("click", () => {
    $("invites").hidden = true;
    $("create-form").hidden = false;
  });
  const data = await lobby.games();
  catalogue = data.games;
  fillGames();
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && catalogue.some((g) => g.name === wanted)) {
    $("f-game").value = wanted;
    fillPresets();
  }
}

/** Redraw the lobby's generated labels in the current language. */
export function relabelLobby() {
  if (catalogue.length) fillSeats();
}
