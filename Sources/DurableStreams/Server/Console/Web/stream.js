// A stream's page: metadata, its messages a window at a time, following live over SSE (with catch-up from the
// last offset seen and reconnection), the writer, fork, delete and the stream's subscriptions.

import { APIError, change, get, read } from "./api.js";
import {
  appendHex, appendJSONMessages, appendText, base64Bytes, displayPath, el, encodePath, formatBytes, isJSON, isText,
} from "./render.js";

const WINDOW_TEXT = 64 * 1024;
const WINDOW_BYTES = 16 * 1024;
/** Further behind the tail than this, following jumps to the tail instead of catching up over SSE. */
const CATCH_UP_LIMIT = 1024 * 1024;

let state = null;
const $ = (id) => document.getElementById(id);

function position(token) { return token && /^[0-9a-f]{16}$/.test(token) ? parseInt(token, 16) : 0; }

function showMeta(info) {
  const rows = [
    ["Path", displayPath(info.path)], ["Content type", info.contentType], ["Size", formatBytes(info.size)],
    ["Tail offset", info.tail], ["TTL / expiry", info.ttlSeconds ? `TTL ${info.ttlSeconds} s` : info.expiresAt || "never"],
    ["Closed", info.closed ? "closed" : "open"],
    ["Fork of", info.forkSource ? `${displayPath(info.forkSource)} @ ${info.forkOffset}` : "—"],
  ];
  $("stream-meta").replaceChildren(...rows.flatMap(([name, value]) => [el("dt", undefined, name), el("dd", "path", value)]));
}

function render(bytesOrText, startPosition) {
  const box = $("messages");
  const type = state.info.contentType;
  if (isJSON(type)) {
    const text = typeof bytesOrText === "string" ? bytesOrText : state.decoder.decode(bytesOrText);
    if (text && text !== "[]") appendJSONMessages(box, text);
  } else if (isText(type)) {
    appendText(box, typeof bytesOrText === "string" ? bytesOrText : state.decoder.decode(bytesOrText, { stream: true }));
  } else {
    const bytes = typeof bytesOrText === "string" ? base64Bytes(bytesOrText) : bytesOrText;
    appendHex(box, bytes, startPosition);
  }
}

function liveState(text) { $("live-state").textContent = text; }

function markGone(message) {
  if (!state || state.gone) return;
  state.gone = true;
  stopFollowing("");
  const alert = $("stream-gone");
  alert.textContent = message;
  alert.hidden = false;
  for (const id of ["send", "close-stream", "follow", "load-more", "read-from", "delete"]) $(id).disabled = true;
}

async function refreshInfo() {
  if (!state || state.gone) return;
  const mine = state;
  try {
    mine.info = await get("stream", { path: mine.path });
    if (state === mine) showMeta(mine.info);
  } catch (error) {
    if (state !== mine) return;
    if (error instanceof APIError && (error.status === 404 || error.status === 410)) {
      markGone("This stream was deleted while it was open. What was shown stays below; nothing more will arrive.");
    }
  }
}

/** Reads one window from `offset` and shows it. */
async function loadWindow(offset) {
  const mine = state;
  const max = isText(mine.info.contentType) ? WINDOW_TEXT : WINDOW_BYTES;
  let result;
  try {
    result = await read(mine.path, offset, max);
  } catch (error) {
    if (error instanceof APIError && (error.status === 404 || error.status === 410)) {
      markGone("This stream no longer exists: it was deleted.");
    } else {
      mine.status(error.message, true);
    }
    return null;
  }
  if (state !== mine) return null;
  const start = offset === "-1" ? 0 : position(offset);
  render(result.bytes, start);
  mine.next = result.next;
  mine.upToDate = result.upToDate;
  $("load-more").hidden = result.upToDate;
  const end = position(result.next);
  $("window-note").textContent = result.upToDate
    ? (result.closed ? "All of the stream is shown; it is closed." : "Up to date.")
    : `Shown up to byte ${end} of ${mine.info.size}. Load more reads the next window; Follow live jumps to the tail.`;
  return result;
}

function stopFollowing(text = "Not following.") {
  if (!state) return;
  clearTimeout(state.retry);
  if (state.source) { state.source.close(); state.source = null; }
  state.following = false;
  $("follow").setAttribute("aria-pressed", "false");
  $("follow").textContent = "Follow live";
  if (text !== undefined) liveState(text);
}

function startFollowing() {
  const mine = state;
  if (!mine || mine.gone) return;
  mine.following = true;
  $("follow").setAttribute("aria-pressed", "true");
  $("follow").textContent = "Stop following";
  if (position(mine.info.tail) - position(mine.next) > CATCH_UP_LIMIT) {
    mine.next = "now";
    $("messages").append(el("p", "note", "… skipped to the live tail …"));
  }
  connect(mine);
}

function connect(mine) {
  if (state !== mine || !mine.following || mine.gone) return;
  const url = new URL(mine.path, location.origin);
  url.searchParams.set("offset", mine.next || "-1");
  url.searchParams.set("live", "sse");
  const source = new EventSource(url);
  mine.source = source;
  let livePosition = position(mine.next);
  source.addEventListener("open", () => { mine.delay = 500; liveState("Following live."); });
  source.addEventListener("data", (event) => {
    if (state !== mine) return;
    const before = livePosition;
    if (!isText(mine.info.contentType)) livePosition += base64Bytes(event.data).length;
    render(event.data, before);
    const box = $("messages");
    box.scrollTop = box.scrollHeight;
  });
  source.addEventListener("control", (event) => {
    let control;
    try { control = JSON.parse(event.data); } catch (_) { return; }
    if (control.streamNextOffset) { mine.next = control.streamNextOffset; livePosition = position(mine.next); }
    if (control.streamClosed) {
      stopFollowing("The stream is closed: nothing more will arrive.");
      refreshInfo();
    }
  });
  source.addEventListener("error", () => {
    source.close();
    if (mine.source !== source || !mine.following) return;
    mine.source = null;
    const wait = mine.delay;
    mine.delay = Math.min(5000, mine.delay * 2);
    liveState(`Connection lost: reconnecting from offset ${mine.next} in ${Math.round(wait / 100) / 10} s…`);
    refreshInfo().then(() => { mine.retry = setTimeout(() => connect(mine), wait); });
  });
}

async function loadSubscriptions() {
  const box = $("subscriptions");
  try {
    const result = await get("subscriptions", { path: state.path });
    if (!result.available) { box.replaceChildren(el("p", "muted", "This store keeps no subscriptions.")); return; }
    if (result.subscriptions.length === 0) { box.replaceChildren(el("p", "muted", "No subscription follows this stream.")); return; }
    const list = el("ul");
    for (const sub of result.subscriptions) {
      const what = sub.pattern ? ` (pattern ${sub.pattern})` : "";
      list.append(el("li", "path",
        `${sub.id} — ${sub.type}${what}, ${sub.link} link, acknowledged ${sub.acked}, ${sub.pending ? "work pending" : "caught up"}`
        + (sub.description ? ` — ${sub.description}` : "")));
    }
    box.replaceChildren(list);
  } catch (error) {
    box.replaceChildren(el("p", "muted", error.message));
  }
}

/** Leaves the stream page: stops following and polling. */
export function closeStream() {
  if (!state) return;
  stopFollowing();
  clearInterval(state.poll);
  state = null;
}

/** Opens the page of the stream at `path`. */
export async function openStream(path, status) {
  closeStream();
  const mine = { path, status, next: "-1", delay: 500, decoder: new TextDecoder("utf-8"), gone: false };
  state = mine;
  $("stream-title").textContent = displayPath(path);
  // Nothing of the previous stream stays: its metadata (also when this one fails to load) and the forms' values.
  $("stream-meta").replaceChildren();
  for (const id of ["writer-body", "fork-path", "fork-offset", "start-offset"]) $(id).value = "";
  $("newline-row").hidden = true;
  $("stream-gone").hidden = true;
  $("messages").replaceChildren();
  $("window-note").textContent = "";
  $("subscriptions").replaceChildren();
  $("delete-confirm").hidden = true;
  for (const id of ["send", "close-stream", "follow", "load-more", "read-from", "delete"]) $(id).disabled = false;
  liveState("");
  try {
    mine.info = await get("stream", { path });
  } catch (error) {
    if (state !== mine) return;
    if (error instanceof APIError && (error.status === 404 || error.status === 410)) {
      markGone("There is no stream at this path (it may have been deleted).");
    } else {
      status(error.message, true);
    }
    return;
  }
  if (state !== mine) return;
  showMeta(mine.info);
  $("newline-row").hidden = !isText(mine.info.contentType) || isJSON(mine.info.contentType);
  loadSubscriptions();
  mine.poll = setInterval(refreshInfo, 3000);
  const first = await loadWindow("-1");
  if (first && first.upToDate && !first.closed) startFollowing();
}

/** Wires the stream page's controls. */
export function setUpStream(status, showList) {
  $("load-more").addEventListener("click", () => { if (state) loadWindow(state.next); });
  $("follow").addEventListener("click", () => {
    if (!state) return;
    if (state.following) stopFollowing(); else startFollowing();
  });
  $("read-from").addEventListener("click", async () => {
    if (!state) return;
    const offset = $("start-offset").value.trim() || "-1";
    stopFollowing();
    $("messages").replaceChildren();
    state.decoder = new TextDecoder("utf-8");
    if (offset === "now") { state.next = "now"; startFollowing(); return; }
    const result = await loadWindow(offset);
    if (result && result.upToDate && !result.closed) startFollowing();
  });
  $("writer").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!state) return;
    const body = $("writer-body").value;
    // Text sends are lines: with "End with a newline" (on by default) one is added unless the text ends with one.
    const newline = !$("newline-row").hidden && $("writer-newline").checked;
    try {
      await change("append", { path: state.path, body, newline });
      $("writer-body").value = "";
      status(newline && !body.endsWith("\n") ? "Sent, with a newline at the end." : "Sent.");
      refreshInfo();
    } catch (error) {
      status(`Not sent: ${error.message}`, true);
    }
  });
  $("close-stream").addEventListener("click", async () => {
    if (!state) return;
    try {
      await change("close", { path: state.path });
      status("Stream closed.");
      refreshInfo();
    } catch (error) {
      status(`Not closed: ${error.message}`, true);
    }
  });
  $("fork-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!state) return;
    try {
      const fork = await change("fork", {
        path: encodePath($("fork-path").value), source: state.path, offset: $("fork-offset").value.trim() || undefined,
      });
      status(`Forked into ${displayPath(fork.path)}.`, false, true);
      location.hash = `#/stream?path=${encodeURIComponent(fork.path)}`;
    } catch (error) {
      status(`Not forked: ${error.message}`, true);
    }
  });
  $("delete").addEventListener("click", () => { $("delete-confirm").hidden = false; $("delete-no").focus(); });
  $("delete-no").addEventListener("click", () => { $("delete-confirm").hidden = true; $("delete").focus(); });
  $("delete-yes").addEventListener("click", async () => {
    if (!state) return;
    const path = state.path;
    try {
      await change("delete", { path });
      status(`Deleted ${displayPath(path)}.`, false, true);
      showList();
    } catch (error) {
      status(`Not deleted: ${error.message}`, true);
    }
  });
}
