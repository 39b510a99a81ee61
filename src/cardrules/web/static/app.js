// cardrules' page: the lobby at "/", a table at "/t/<table>#seat=..&key=..".
//
// Plain JavaScript modules, no build step. The table is reached through one transport
// object (transport.js: a WebSocket to the server); everything else here is the same
// whichever way the table is reached.
"use strict";

import { $, el, putMessage } from "./dom.js";
import { relabelLobby, startLobby } from "./lobby.js";
import { language, languageName, LANGUAGES, setLanguage, t, translatePage } from "./strings.js";
import { SPEEDS, TableScreen, toast } from "./table.js";
import { installTips } from "./tip.js";
import { SocketTransport, socketUrl } from "./transport.js";

const PROTOCOL = 1;
const query = new URLSearchParams(window.location.search);

// ---- settings kept in the browser -----------------------------------------------------

function stored(key, fallback) {
  try {
    const value = window.localStorage.getItem("cardrules." + key);
    return value === null ? fallback : value;
  } catch (error) {
    return fallback;
  }
}

function store(key, value) {
  try {
    window.localStorage.setItem("cardrules." + key, String(value));
  } catch (error) {
    // private browsing: the setting lasts for this page only
  }
}

const settings = {
  speed: () => (query.has("fast") ? "instant" : $("speed").value),
  autoplay: () => $("autoplay").checked,
};

function installSettings() {
  const speed = $("speed");
  speed.replaceChildren();
  for (const name of Object.keys(SPEEDS)) {
    const option = el("option", null, t("speed_" + name));
    option.value = name;
    speed.appendChild(option);
  }
  speed.value = stored("speed", "normal");
  speed.onchange = () => store("speed", speed.value);
  $("autoplay").checked = stored("autoplay", "false") === "true";
  $("autoplay").onchange = () => store("autoplay", $("autoplay").checked);
}

function installLanguages(onChange) {
  const select = $("language");
  select.replaceChildren();
  for (const code of LANGUAGES) {
    const option = el("option", null, languageName(code));
    option.value = code;
    option.lang = code;
    select.appendChild(option);
  }
  select.value = language();
  select.onchange = () => {
    setLanguage(select.value);
    translatePage();
    installSettings();
    onChange();
  };
}

// ---- a table --------------------------------------------------------------------------

/** The seat's credentials from the link's fragment (never sent to the server in a URL). */
function credentials() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const seat = hash.get("seat");
  const found = { seat: null, key: hash.get("key"), creator: hash.get("creator") };
  if (seat !== null && /^\d+$/.test(seat) && found.key) found.seat = Number(seat);
  return found;
}

/** Where the log outlives a reload: the browser's session storage, per table and seat. */
function logMemory(table, seat) {
  const key = "cardrules.log." + table + "." + (seat === null ? "spectator" : seat);
  return {
    load() {
      try {
        return JSON.parse(window.sessionStorage.getItem(key) || "[]");
      } catch (error) {
        return [];
      }
    },
    save(entries) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(entries.slice(-800)));
      } catch (error) {
        // storage full or refused: the log lasts for this page only
      }
    },
    since() {
      const entries = this.load();
      return entries.length ? entries[entries.length - 1].counter : null;
    },
  };
}

function fatal(titleKey, textKey) {
  $("missing-title").textContent = t(titleKey);
  $("missing-text").textContent = t(textKey);
  $("missing").hidden = false;
}

function showConnection(status, detail) {
  const box = $("connection");
  box.dataset.status = status;
  const text = status === "waiting" ? t("connection_waiting", { s: Math.ceil(detail.delay / 1000) }) : t("connection_" + status);
  $("connection-text").textContent = text;
  $("retry").hidden = status !== "waiting";
  document.body.dataset.connection = status;
}

/** The server's way to a table: a WebSocket at /ws/<table> on the host of this page. */
function serverTransport(tableId, hello) {
  return new SocketTransport(socketUrl("/ws/" + encodeURIComponent(tableId)), hello);
}

/**
 * Open the table `tableId` through `makeTransport(tableId, hello)` (any object with the
 * methods of SocketTransport: open, send, close, reconnect, wake, onmessage, onstatus).
 * Returns what to call when the language changes.
 */
function startTable(tableId, makeTransport = serverTransport) {
  $("lobby").hidden = true;
  $("room").hidden = false;
  const who = credentials();
  const memory = logMemory(tableId, who.seat);
  let transport = null;
  let counter = null;
  let creator = false;
  let pinger = null;
  let handToBotAfter = 120; // seconds; the welcome frame's limits say the server's own
  let presence = null;

  const send = (frame) => {
    const sent = transport.send(frame);
    if (!sent) toast(t("connection_" + (document.body.dataset.connection || "closed")), "sync");
    return sent;
  };
  const screen = new TableScreen(
    settings,
    {
      act: (action, at) => send({ type: "act", counter: at, action }),
      suggest: (at) => send({ type: "suggest", counter: at }),
      nextDeal: () => send({ type: "next-deal", counter }),
      rematch: () => send({ type: "rematch", counter }),
    },
    memory,
  );

  const hello = () => {
    const frame = { type: "hello", protocol: PROTOCOL, language: language() };
    if (who.seat !== null) {
      frame.seat = who.seat;
      frame.key = who.key;
    }
    if (who.creator) frame.creator = who.creator;
    const since = counter !== null ? counter : memory.since();
    if (since !== null && since !== undefined) frame.since = since;
    return frame;
  };

  const seatTools = () => {
    // Leave the seat, take it back, and (for the table's creator) hand an idle seat to a bot.
    const box = $("seat-tools");
    box.replaceChildren();
    if (!presence) return;
    const mine = who.seat === null ? null : presence.seats.find((s) => s.seat === who.seat);
    if (mine) {
      const away = mine.occupant !== "person";
      const button = el("button", "btn ghost small", t(away ? "take_seat" : "leave_seat"));
      button.type = "button";
      button.id = away ? "take-seat" : "leave-seat";
      button.addEventListener("click", () => send({ type: away ? "take-seat" : "leave" }));
      box.appendChild(button);
    }
    if (!creator) return;
    for (const seat of presence.seats) {
      if (seat.seat === who.seat || seat.occupant === "bot") continue;
      // a person still connected only once idle a while (the server has the last word)
      if (seat.occupant === "person" && seat.connected && !(seat.idle >= handToBotAfter)) continue;
      const button = el("button", "btn ghost small", t("hand_to_bot", { name: seat.name }));
      button.type = "button";
      button.dataset.handToBot = String(seat.seat);
      button.addEventListener("click", () => send({ type: "hand-to-bot", seat: seat.seat }));
      box.appendChild(button);
    }
  };

  const onFrame = (frame) => {
    switch (frame.type) {
      case "welcome":
        creator = Boolean(frame.creator);
        // the server's wait before an idle seat may go to a bot (its setting)
        if (frame.limits && typeof frame.limits.hand_to_bot_after === "number") {
          handToBotAfter = frame.limits.hand_to_bot_after;
        }
        if (pinger) clearInterval(pinger);
        if (frame.limits && frame.limits.idle_timeout) {
          const every = Math.max(5, frame.limits.idle_timeout / 2) * 1000;
          pinger = setInterval(() => transport.send({ type: "ping" }), every);
        }
        break;
      case "table":
        counter = frame.counter;
        screen.receive({ ...frame.payload, counter: frame.counter, resync: Boolean(frame.resync) });
        break;
      case "suggestion":
        screen.suggested(frame);
        break;
      case "presence":
        presence = frame;
        screen.setPresence(frame.seats);
        $("spectators").textContent = frame.spectators ? t("spectators", { n: frame.spectators }) : "";
        seatTools();
        break;
      case "error":
        if (frame.code === "not-found") {
          transport.close();
          fatal("missing_title", "missing_text");
        } else if (frame.code === "credential") {
          transport.close();
          fatal("credential_title", "credential_text");
        } else if (frame.code === "stale") {
          toast(t("stale"), "sync");
        } else {
          screen.refused({ text: frame.message, rules: frame.rule ? [frame.rule] : [] });
        }
        break;
      default:
        break; // pong, and frames of a later protocol version
    }
  };

  transport = makeTransport(tableId, hello);
  transport.onmessage = onFrame;
  transport.onstatus = showConnection;
  $("retry").addEventListener("click", () => transport.wake());
  window.addEventListener("online", () => transport.wake());
  transport.open();

  $("result-close").addEventListener("click", () => screen.closeResult());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") screen.closeResult();
  });
  // "New table" asks first, and can be cancelled: the game goes on either way.
  $("new-table").addEventListener("click", () => {
    $("confirm-leave").hidden = false;
    $("confirm-cancel").focus();
  });
  $("confirm-cancel").addEventListener("click", () => {
    $("confirm-leave").hidden = true;
  });
  return () => transport.reconnect(); // a new language: a new hello, a table in that language
}

// ---- start ----------------------------------------------------------------------------

function main() {
  installTips();
  setLanguage(language());
  translatePage();
  installSettings();
  const match = window.location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  let relabel = relabelLobby;
  installLanguages(() => relabel());
  const lobbyFailed = (error) => {
    const box = $("f-error");
    box.replaceChildren();
    putMessage(box, t("cannot_reach", { error: error.message }));
    box.hidden = false;
  };
  if (document.documentElement.dataset.transport === "local") {
    // The static play page (docs/play.md): the table is held in the page, in a Web Worker.
    import("./transport-local.js").then((local) => {
      local.setUpLocalPage();
      const open = (found) => {
        relabel = startTable(found.id, (id, hello) => new local.LocalTransport(found, hello));
        local.addSaveButton();
      };
      const found = local.keptTable();
      if (found) {
        open(found);
      } else {
        local.localLobby.opened = open;
        startLobby(local.localLobby).catch(lobbyFailed);
      }
    });
  } else if (match) {
    relabel = startTable(match[1]);
  } else {
    startLobby().catch(lobbyFailed);
  }
}

main();
