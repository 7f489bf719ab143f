// The console API (/__console/api/…) and the console token. Reads need nothing; changes carry the token, the
// CSRF value the session call set as a cookie, and are sent as JSON from this origin.

const API = new URL("api/", document.baseURI);
const TOKEN_KEY = "durable-streams-console-token";
let csrf = null;

/** Takes a token passed as `#token=…` (the URL the server printed), keeps it for this tab, and removes it. */
export function adoptTokenFromLocation() {
  const match = /^#token=([^&]*)/.exec(location.hash);
  if (match) {
    setToken(decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search + "#/");
  }
}

export function token() { return sessionStorage.getItem(TOKEN_KEY) || ""; }
export function setToken(value) {
  if (value) sessionStorage.setItem(TOKEN_KEY, value); else sessionStorage.removeItem(TOKEN_KEY);
}

/** An error the page shows: the server's reason and the HTTP status. */
export class APIError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}

async function failure(response) {
  let text = "";
  try { text = await response.text(); } catch (_) { /* no body */ }
  return new APIError(response.status, `${response.status}: ${text.slice(0, 300) || response.statusText}`);
}

async function session() {
  if (csrf) return csrf;
  const response = await fetch(new URL("session", API), { credentials: "same-origin" });
  if (!response.ok) throw await failure(response);
  csrf = (await response.json()).csrf;
  return csrf;
}

/** GET /__console/api/<name>?<params> as JSON. */
export async function get(name, params = {}) {
  const url = new URL(name, API);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, value);
  }
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** A window of a stream's bytes: `{bytes, next, upToDate, closed}`. */
export async function read(path, offset, max) {
  const url = new URL("read", API);
  url.searchParams.set("path", path);
  url.searchParams.set("offset", offset);
  url.searchParams.set("max", String(max));
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw await failure(response);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    next: response.headers.get("Stream-Next-Offset"),
    upToDate: response.headers.get("Stream-Up-To-Date") === "true",
    closed: response.headers.get("Stream-Closed") === "true",
  };
}

/** POST /__console/api/<name> with a JSON body: a change. */
export async function change(name, body) {
  const send = async () => fetch(new URL(name, API), {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-Console-Token": token(), "X-Console-CSRF": await session() },
    body: JSON.stringify(body),
  });
  let response = await send();
  if (response.status === 403) {
    // The CSRF cookie may be gone (a restarted server): draw a fresh one once.
    csrf = null;
    response = await send();
  }
  if (!response.ok) throw await failure(response);
  return response.json();
}
