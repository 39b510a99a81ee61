// The table of the static play page (docs/play.md), held in this Web Worker so the page
// never freezes: Pyodide (CPython compiled to WebAssembly, from ./pyodide/) runs the
// wheels listed in ./wheels/wheels.json, and cardrules.web.local answers the frames of
// the tables protocol exactly as the server does. The page talks to it with messages:
//
//   page -> worker  {id, call: "games" | "create" | "restore" | "record" | "frame", arg}
//   worker -> page  {id, result} or {id, error}      the answer to a call
//                   {frame: text}                     a server frame, as JSON text
//                   {saved: text}                     a snapshot of the table, to keep
//                   {ready: {ms}}                     Python is loaded
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function start() {
  const started = performance.now();
  // the wheels are fetched while Pyodide loads
  const wheels = fetch(here("./wheels/wheels.json"))
    .then((response) => response.json())
    .then((list) =>
      Promise.all(list.wheels.map((name) => fetch(here("./wheels/" + name)).then((r) => r.arrayBuffer()))),
    );
  const [pyodide, files] = await Promise.all([loadPyodide({ indexURL: here("./pyodide/") }), wheels]);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const buffer of files) pyodide.unpackArchive(buffer, "wheel", { extractDir: site });
  const local = pyodide.pyimport("cardrules.web.local");
  const table = local.LocalTable(
    (text) => postMessage({ frame: text }),
    (text) => postMessage({ saved: text }),
  );
  postMessage({ ready: { ms: Math.round(performance.now() - started) } });
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
