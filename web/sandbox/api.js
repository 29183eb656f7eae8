// The sandbox page's ties to the server: the API token (this tab only), JSON requests, and the WebSocket with reconnects.

const TOKEN_KEY = 'parley.sandbox.token';

/** The token lives in this tab's session storage: it survives a reload, not the tab, and is never put in a URL. */
export const token = {
  get() {
    try { return sessionStorage.getItem(TOKEN_KEY); } catch { return null; }
  },
  set(value) {
    try { sessionStorage.setItem(TOKEN_KEY, value); } catch { /* storage refused: the socket still has it */ }
  },
  clear() {
    try { sessionStorage.removeItem(TOKEN_KEY); } catch { /* nothing to clear */ }
  },
};

/** A JSON request with the token; resolves to the body, or rejects with the error object's description and status. */
export async function request(method, path, body) {
  const headers = { authorization: 'Bearer ' + token.get() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) {
    const error = new Error(json && json.description ? json.description : 'The server answered ' + res.status + '.');
    error.status = res.status;
    throw error;
  }
  return json;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/**
 * The sandbox socket: says hello with the token on every (re)connection, then calls `onReady`; frames sent while
 * disconnected wait for the next connection. `onFrame` gets every frame the server sends.
 */
export function connect({ onReady, onFrame, onDown }) {
  let socket = null;
  let ready = false;
  let retryMs = RETRY_FIRST_MS;
  let stopped = false;
  const waiting = [];

  function open() {
    const url = new URL('/sandbox/ws', location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'hello', token: token.get() })));
    socket.addEventListener('message', (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.type === 'ready') {
        ready = true;
        retryMs = RETRY_FIRST_MS;
        onReady(frame);
        while (waiting.length > 0) socket.send(JSON.stringify(waiting.shift()));
        return;
      }
      onFrame(frame);
    });
    socket.addEventListener('close', (event) => {
      ready = false;
      // 4401: the token is not (or no longer) valid; 4404: the sandbox is off. Trying again would not help.
      if (stopped || event.code === 4401 || event.code === 4404) return;
      onDown();
      setTimeout(open, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    });
  }
  open();
  return {
    send(frame) {
      if (ready && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
      else waiting.push(frame);
    },
    stop() {
      stopped = true;
      if (socket) socket.close();
    },
  };
}
