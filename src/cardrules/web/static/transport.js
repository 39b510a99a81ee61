// How the page reaches a table: one small object with four methods, so another transport
// (a table held in the page itself, in a Web Worker) can take the WebSocket's place.
//
//   const transport = new SocketTransport(url, hello);
//   transport.onmessage = (frame) => ...;   // every frame the table sends, parsed
//   transport.onstatus = (status, detail) => ...;  // "connecting" | "open" | "waiting" | "closed"
//   transport.open();                        // connects, and reconnects until close()
//   transport.send({type: "act", ...});      // false when not connected (nothing is queued)
//   transport.close();
//
// `hello()` returns the first frame sent on every (re)connection: it carries the seat's
// credential, so the credential travels inside the socket, never in a URL. The table
// answers a hello with the whole position, which is how a reconnection resynchronises.
"use strict";

const FIRST_DELAY = 500; // ms before the first retry
const MAX_DELAY = 8000; // the longest wait between two retries

export class SocketTransport {
  constructor(url, hello) {
    this.url = url;
    this.hello = hello;
    this.socket = null;
    this.closed = false;
    this.attempt = 0;
    this.timer = null;
    this.onmessage = () => {};
    this.onstatus = () => {};
  }

  open() {
    this.closed = false;
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    this.onstatus("connecting", { attempt: this.attempt });
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch (error) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      socket.send(JSON.stringify(this.hello()));
      this.onstatus("open", {});
    };
    socket.onmessage = (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (error) {
        return; // a frame that is not JSON is not the table's
      }
      this.onmessage(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) {
        // closed on purpose (the page calls close() after an error frame saying that
        // retrying cannot help: an unknown table, a refused credential)
        this.onstatus("closed", { code: event.code, reason: event.reason });
        return;
      }
      this.retry();
    };
  }

  retry() {
    // Exponential backoff with jitter, so a restarted server is not met by every page at once.
    const delay = Math.min(MAX_DELAY, FIRST_DELAY * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    this.onstatus("waiting", { delay, attempt: this.attempt });
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect now (after the browser comes back online, or a "retry now" click). */
  wake() {
    if (this.closed || (this.socket && this.socket.readyState <= 1)) return;
    this.attempt = 0;
    this.connect();
  }

  /** Close the socket and open a new one at once (a new hello: another language, say). */
  reconnect() {
    this.closed = false;
    this.attempt = 0;
    const old = this.socket;
    this.socket = null;
    if (old) old.close(1000);
    this.connect();
  }

  send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}

/** The WebSocket address of a table on the server that served this page. */
export function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return scheme + "//" + window.location.host + path;
}
