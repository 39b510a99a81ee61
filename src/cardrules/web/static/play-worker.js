// The table of the static play page (docs/play.md), held in this Web Worker so the page
// never freezes: Pyodide (CPython compiled to WebAssembly, from ./pyodide/) runs the
// wheels listed in ./wheels/wheels.json, and cardrules.web.local answers the frames of
// the tables protocol exactly as the server does. The page talks to it with messages:
//
//   page -> worker  {id, call: "games" | "create" | "restore" | "record" | "frame", arg}
//   worker -> page  {id, result} or {id, error}      the answer to a call
//                   {frame: text}                     a server frame, as JSON text
//                   {saved: text}                     a snapshot of the table, to keep
//                   {ready: {ms, from, steps}}        Python is loaded (how, how long)
//                   {kept: true | false, bytes}       its boot is kept for the next visit
//
// Python starts in seconds the first time: Pyodide's runtime boots, then imports the
// modules the table needs. That boot is kept: once the modules are imported, and before
// any table exists, the worker takes Pyodide's memory snapshot (its WebAssembly memory,
// Python and its imported modules included) and keeps it in the browser's Cache Storage
// under the site's build key (wheels.json `key`: the wheels and Pyodide's build). The
// next visit restores Python from it instead of booting and importing again. A snapshot
// that does not restore (another build, storage refused) is dropped, and Python boots.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

const KEPT_BOOT = "cardrules-play-python"; // the Cache Storage of the snapshots
const MODULES = "import cardrules.web.local"; // everything the table needs, imported once

// Run once, before the snapshot, what resuming a table runs first (wheels.json `warm_up`:
// a table of each game, the person to play): the snapshot then holds the functions cattrs
// generates and the modules imported on the way. Python only: no page, no timer.
const WARM_UP = `
from cardrules.web.local import LocalTable
for text in texts:
    local = LocalTable(lambda frame: None, lambda snapshot: None)
    local.restore(text)
    local.room.table_frame(0, language="en")
    local.record()
    local.rooms.forget(local.table_id)
`;

const started = performance.now();
const steps = {}; // milliseconds since the worker started, per step (benchmarks/play_page.py)
const step = (name) => {
  steps[name] = Math.round(performance.now() - started);
};

const wheelList = fetch(here("./wheels/wheels.json")).then((response) => response.json());

/** The cache of kept boots, or null where the browser has none (an insecure origin). */
async function bootCache() {
  try {
    return self.caches ? await self.caches.open(KEPT_BOOT) : null;
  } catch (error) {
    return null;
  }
}

const snapshotUrl = (key) => here("./python-boot/" + key);

async function keptBoot(cache, key) {
  if (!cache || !key) return null;
  try {
    const response = await cache.match(snapshotUrl(key));
    const bytes = response ? new Uint8Array(await response.arrayBuffer()) : null;
    if (bytes && looksLikeSnapshot(bytes)) return bytes;
    if (bytes) await cache.delete(snapshotUrl(key));
  } catch (error) {
    // no storage: boot
  }
  return null;
}

/**
 * Whether the bytes are laid out as Pyodide's memory snapshots are: its mark, a header,
 * then whole pages of WebAssembly memory. Pyodide itself refuses a snapshot of another
 * build; bytes of any other shape would make its start wait forever, so they are dropped.
 */
function looksLikeSnapshot(bytes) {
  if (bytes.byteLength < 64 || bytes.byteOffset % 4) return false;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
  const memory = bytes.byteLength - words[1];
  return words[0] === 0x706e7300 && memory > 0 && memory % 65536 === 0;
}

/** Keep this boot for the next visit, and drop the boots of earlier builds. */
async function keepBoot(cache, key, snapshot) {
  if (!cache || !key) return false;
  try {
    for (const request of await cache.keys()) {
      if (request.url !== snapshotUrl(key)) await cache.delete(request);
    }
    await cache.put(snapshotUrl(key), new Response(snapshot));
    return true;
  } catch (error) {
    return false; // storage full or refused: the next visit boots Python again
  }
}

/**
 * Python restored from a snapshot. Pyodide's WebAssembly memory starts at its build's
 * size and grows as Python asks; a snapshot taken after it grew is larger than a new
 * memory, so the memory is grown to the snapshot's size before the snapshot is copied in.
 */
async function restoredPython(kept) {
  const memory = kept.byteLength - new Uint32Array(kept.buffer, kept.byteOffset, 2)[1];
  return loadPyodide({
    indexURL: here("./pyodide/"),
    _loadSnapshot: kept,
    async createPyodideModule(settings) {
      const { default: create } = await import("./pyodide/pyodide.asm.mjs");
      const module = await create(settings);
      if (module.HEAP8.length < memory) module.growMemory(memory);
      return module;
    },
  });
}

function unpack(pyodide, buffers) {
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const buffer of buffers) pyodide.unpackArchive(buffer, "wheel", { extractDir: site });
}

async function start() {
  const opening = bootCache(); // opened while the list of wheels is read
  const list = await wheelList;
  // the wheels are fetched while Pyodide starts
  const wheels = Promise.all(
    list.wheels.map((name) => fetch(here("./wheels/" + name)).then((r) => r.arrayBuffer())),
  );
  const cache = await opening;
  const kept = await keptBoot(cache, list.key);
  step("kept boot read");
  let pyodide = null;
  let from = "boot";
  if (kept) {
    try {
      pyodide = await restoredPython(kept);
      // copied into Python's memory: let the 38 MB go (Pyodide keeps its options)
      if (kept.buffer.transfer) kept.buffer.transfer(0);
      from = "snapshot";
      // every visit restores the same memory: draw the random module's state afresh
      // (the table's seeds and credentials come from the system's randomness anyway)
      pyodide.runPython("import random; random.seed()");
      step("python restored");
    } catch (error) {
      await cache.delete(snapshotUrl(list.key)).catch(() => {});
      pyodide = null;
    }
  }
  let snapshot = null;
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: here("./pyodide/"), _makeSnapshot: Boolean(cache) });
    step("python booted");
  }
  // the files of the wheels, for what the modules read or import later
  unpack(pyodide, await wheels);
  step("wheels unpacked");
  if (from === "boot") {
    pyodide.runPython(MODULES);
    step("modules imported");
    if (cache && list.key) {
      try {
        const scope = pyodide.toPy({ texts: list.warm_up || [] });
        pyodide.runPython(WARM_UP, { globals: scope });
        scope.destroy();
        step("tables resumed once");
      } catch (error) {
        // a warm-up that fails only leaves the next visit's first resume slower
      }
      try {
        snapshot = pyodide.makeMemorySnapshot();
        step("snapshot taken");
      } catch (error) {
        snapshot = null;
      }
    }
  }
  const local = pyodide.pyimport("cardrules.web.local");
  const table = local.LocalTable(
    (text) => postMessage({ frame: text }),
    (text) => postMessage({ saved: text }),
  );
  step("table ready");
  postMessage({ ready: { ms: Math.round(performance.now() - started), from, steps } });
  if (from === "boot") {
    // kept once the page has its answer (the first visit does not wait for the storage)
    setTimeout(async () => {
      const kept = Boolean(snapshot) && (await keepBoot(cache, list.key, snapshot));
      postMessage({ kept, bytes: kept ? snapshot.byteLength : 0 });
    }, 0);
  }
  return table;
}

const table = start();

const calls = {
  games: async (t) => t.games(),
  create: async (t, body) => t.create(body),
  restore: async (t, snapshot) => t.restore(snapshot),
  record: async (t) => t.record(),
  frame: async (t, text) => t.receive(text),
};

// One call at a time, in order: a frame is answered before the next is read.
let queue = Promise.resolve();

self.onmessage = (event) => {
  const { id, call, arg } = event.data;
  queue = queue.then(async () => {
    try {
      const t = await table;
      const result = await calls[call](t, arg);
      postMessage({ id, result: result === undefined ? null : String(result) });
    } catch (error) {
      postMessage({ id, error: String(error && error.message ? error.message : error).split("\n").filter(Boolean).pop() });
    }
  });
};
