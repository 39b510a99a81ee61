// The second way to reach a table: one held in the page itself (the static play page,
// docs/play.md). A Web Worker (play-worker.js) runs cardrules in Pyodide and answers the
// same frames as the server, so the page's table code cannot tell the two apart.
//
//   LocalTransport: the four methods of SocketTransport (transport.js), over the worker.
//   localLobby:     what the lobby asks the server (the games; create a table), asked of
//                   the worker instead.
// The game in progress is kept in the browser's localStorage (a snapshot holding the
// table's setup and its game as a cardrules.records record), so a reload resumes it;
// "Save game" downloads the record, which `cardrules replay FILE` reads.
"use strict";

import { $, el, setCardBase, setRulesBase } from "./dom.js";
import { language, t } from "./strings.js";

const KEPT = "cardrules.play.table"; // {seat, key, snapshot}: the table in progress

// The words this page says besides the server page's own (strings.js).
const WORDS = {
  en: {
    intro: "Choose a game and its rules: you play against the library's bots, in this page.",
    loading: "Loading the card engine (14 MB the first time)…",
  },
  fr: {
    intro: "Choisissez un jeu et ses règles : vous jouez contre les robots de la bibliothèque, dans cette page.",
    loading: "Chargement du moteur de jeu (14 Mo la première fois)…",
  },
};
const words = () => WORDS[language()] || WORDS.en;

let pythonReady = false;

function showLoading() {
  const status = $("python-status");
  if (status) status.hidden = pythonReady;
  if (pythonReady) return;
  if (status) status.textContent = words().loading;
  if (document.body.dataset.connection) $("connection-text").textContent = words().loading;
}

function relabel() {
  const intro = document.querySelector('#create-form [data-t="lobby_intro"]');
  if (intro) intro.textContent = words().intro;
  showLoading();
}

let worker = null;
let calls = 0;
const waiting = new Map();
const listeners = new Set();

function theWorker() {
  if (worker) return worker;
  worker = new Worker(new URL("./play-worker.js", import.meta.url), { type: "module" });
  document.body.dataset.workerAt = String(Math.round(performance.now())); // (benchmarks)
  worker.onmessage = (event) => {
    const data = event.data;
    if (data.saved !== undefined) {
      keep({ ...kept(), snapshot: data.saved });
    } else if (data.frame !== undefined) {
      for (const listener of listeners) listener(data.frame);
    } else if (data.ready !== undefined) {
      pythonReady = true;
      showLoading();
      document.body.dataset.python = "ready";
      // how Python started and how long it took, step by step (benchmarks/play_page.py)
      document.body.dataset.pythonMs = String(data.ready.ms);
      document.body.dataset.pythonFrom = data.ready.from;
      document.body.dataset.pythonSteps = JSON.stringify(data.ready.steps);
      if (data.ready.from !== "boot") keepFiles();
    } else if (data.kept !== undefined) {
      // the next visit restores Python from it (benchmarks/play_page.py, tests/site)
      document.body.dataset.pythonKept = String(data.kept);
      document.body.dataset.pythonKeptBytes = String(data.bytes);
      keepFiles(); // one thing at a time: Python's boot is kept, then the files
    } else if (waiting.has(data.id)) {
      const { resolve, reject } = waiting.get(data.id);
      waiting.delete(data.id);
      if (data.error !== undefined) reject(new Error(data.error.replace(/^[\w.]+Error: /, "")));
      else resolve(data.result);
    }
  };
  worker.onerror = (event) => {
    for (const { reject } of waiting.values()) reject(new Error(event.message || "the worker failed"));
    waiting.clear();
  };
  return worker;
}

/**
 * Keep the page's files for later visits, online or not (play-offline.js, a service
 * worker). Registered once Python has loaded (and its boot is kept): every file it keeps
 * is then in the browser's HTTP cache already, so keeping them downloads little more.
 */
function keepFiles() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(new URL("play-offline.js", window.location.href)).then(
    () => navigator.serviceWorker.ready.then(() => (document.body.dataset.offline = "ready")),
    () => {}, // refused (a private window, say): every visit asks the host
  );
}

function call(name, arg) {
  const id = ++calls;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker().postMessage({ id, call: name, arg });
  });
}

function kept() {
  try {
    return JSON.parse(window.localStorage.getItem(KEPT) || "null") || {};
  } catch (error) {
    return {};
  }
}

function keep(value) {
  try {
    window.localStorage.setItem(KEPT, JSON.stringify(value));
  } catch (error) {
    // storage full or refused: the game lasts for this page only
  }
}

/** The page serves this static site: the rules pages and the card pictures beside it. */
export function setUpLocalPage() {
  setRulesBase(new URL("../rules/", window.location.href).href);
  setCardBase(new URL("cards/", window.location.href).href);
  theWorker(); // Python starts loading at once, while the lobby is read
  const status = el("p", "blurb");
  status.id = "python-status";
  status.setAttribute("role", "status");
  $("f-create").parentElement.after(status);
  relabel();
  $("language").addEventListener("change", relabel);
  for (const link of document.querySelectorAll('a[href="/"]')) {
    link.href = link.closest(".brand") ? "../index.html" : "?new";
  }
}

/** The table to resume after a reload: its credentials, if one is kept (and not `?new`). */
export function keptTable() {
  const found = kept();
  if (new URLSearchParams(window.location.search).has("new")) return null;
  if (!found.snapshot || !Number.isInteger(found.seat) || !found.key) return null;
  try {
    return { ...found, id: JSON.parse(found.snapshot).id };
  } catch (error) {
    return null;
  }
}

export function forgetTable() {
  try {
    window.localStorage.removeItem(KEPT);
  } catch (error) {
    // nothing kept
  }
}

/** The lobby's two requests, answered by the worker: the games, and a new table. */
export const localLobby = {
  onePerson: true,
  opened: () => {}, // set by the page: open the table just created
  async games() {
    // written at build time beside the page, so the lobby shows before Python has loaded
    const response = await fetch(new URL("games.json", window.location.href));
    return response.ok ? response.json() : JSON.parse(await call("games"));
  },
  async create(body) {
    const seat = JSON.parse(await call("create", JSON.stringify(body)));
    const found = { ...kept(), seat: seat.seat, key: seat.key };
    keep(found);
    window.history.replaceState(null, "", window.location.pathname); // drop ?new
    this.opened({ ...found, id: seat.table, held: true });
    return null;
  },
};

/** A table held in the page, reached as the server's WebSocket is (see transport.js). */
export class LocalTransport {
  constructor(found, hello) {
    this.found = found;
    this.hello = hello;
    this.restored = null;
    this.open_ = false;
    this.onmessage = () => {};
    this.onstatus = () => {};
    this.listener = (text) => {
      if (!this.open_) return;
      let frame;
      try {
        frame = JSON.parse(text);
      } catch (error) {
        return;
      }
      this.onmessage(frame);
    };
  }

  open() {
    this.onstatus("connecting", { attempt: 0 });
    showLoading();
    listeners.add(this.listener);
    if (!this.restored) {
      // a table just created is held already; after a reload, resume the one kept
      this.restored = this.found.held ? Promise.resolve() : call("restore", this.found.snapshot);
    }
    this.restored.then(
      () => this.greet(),
      (error) => {
        forgetTable();
        this.onmessage({ type: "error", code: "not-found", message: error.message, rule: null, field: null });
      },
    );
  }

  greet() {
    this.open_ = true;
    this.onstatus("open", {});
    // The page's hello, with the seat's credential kept in this browser (not in the URL).
    this.send({ ...this.hello(), seat: this.found.seat, key: this.found.key });
  }

  send(frame) {
    if (!this.open_) return false;
    call("frame", JSON.stringify(frame)).catch((error) => {
      // the worker itself failed (the table's own refusals come as error frames)
      this.onmessage({ type: "error", code: "forbidden", message: error.message, rule: null, field: null });
    });
    return true;
  }

  wake() {}

  reconnect() {
    if (this.open_) this.greet();
  }

  close() {
    this.open_ = false;
    listeners.delete(this.listener);
  }
}

/** The record of the game so far downloaded as a file, which `cardrules replay` reads. */
async function download() {
  const text = await call("record");
  const data = JSON.parse(text);
  const link = el("a");
  link.href = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
  link.download = "cardrules-" + data.game + "-" + new Date().toISOString().slice(0, 10) + ".json";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** "Save game": beside "New table", and in the dialog that shows a deal's result. */
export function addSaveButton() {
  const button = el("button", "btn ghost", t("save_game"));
  button.type = "button";
  button.id = "save-record";
  button.dataset.t = "save_game";
  button.addEventListener("click", download);
  $("new-table").after(button);
  const inResult = $("save-game");
  inResult.hidden = false;
  inResult.addEventListener("click", (event) => {
    event.preventDefault();
    download();
  });
}
