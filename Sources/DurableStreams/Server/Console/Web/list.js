// The stream list: filtered as you type, a page at a time (the server pages by cursor), and the create form.

import { change, get } from "./api.js";
import { displayPath, el, encodePath, formatBytes } from "./render.js";

const PAGE = 50;
let cursors = [null];
let page = 0;
let filterTimer = null;
let generation = 0;

function expiry(stream) {
  if (stream.ttlSeconds) return `TTL ${stream.ttlSeconds} s`;
  if (stream.expiresAt) return `expires ${stream.expiresAt}`;
  return "never";
}

function cell(row, label, text, className) {
  const td = el("td", className, text);
  td.setAttribute("data-label", label);
  row.append(td);
  return td;
}

function row(stream) {
  const tr = el("tr");
  const name = cell(tr, "Name", undefined, "path");
  const link = el("a", undefined, displayPath(stream.path));
  link.href = `#/stream?path=${encodeURIComponent(stream.path)}`;
  name.append(link);
  cell(tr, "Content type", stream.contentType);
  cell(tr, "Size", formatBytes(stream.size));
  cell(tr, "Tail offset", stream.tail, "path");
  cell(tr, "TTL / expiry", expiry(stream));
  cell(tr, "Closed", stream.closed ? "closed" : "open");
  cell(tr, "Fork of", stream.forkSource ? `${displayPath(stream.forkSource)} @ ${stream.forkOffset}` : "—", "path");
  return tr;
}

/** Loads the current page of the list. */
export async function loadList(status) {
  const mine = ++generation;
  const query = document.getElementById("filter").value;
  let result;
  try {
    result = await get("streams", { q: query, after: cursors[page], limit: PAGE });
  } catch (error) {
    status(error.message, true);
    return;
  }
  if (mine !== generation) return;
  const rows = document.getElementById("stream-rows");
  rows.replaceChildren(...result.streams.map(row));
  if (result.streams.length === 0) {
    const empty = el("tr");
    const td = el("td", "muted", query ? "No stream matches the filter." : "No streams yet.");
    td.colSpan = 7;
    empty.append(td);
    rows.append(empty);
  }
  cursors[page + 1] = result.next;
  const pages = Math.max(1, Math.ceil(result.total / PAGE));
  document.getElementById("list-count").textContent =
    `${result.total} stream${result.total === 1 ? "" : "s"}${query ? " match" : ""}`;
  document.getElementById("page-label").textContent = `Page ${page + 1} of ${pages}`;
  document.getElementById("prev-page").disabled = page === 0;
  document.getElementById("next-page").disabled = !result.next;
}

/** Wires the list's controls. */
export function setUpList(status) {
  const restart = () => { cursors = [null]; page = 0; loadList(status); };
  document.getElementById("filter").addEventListener("input", () => {
    clearTimeout(filterTimer);
    filterTimer = setTimeout(restart, 150);
  });
  document.getElementById("next-page").addEventListener("click", () => {
    if (cursors[page + 1]) { page += 1; loadList(status); }
  });
  document.getElementById("prev-page").addEventListener("click", () => {
    if (page > 0) { page -= 1; loadList(status); }
  });
  document.getElementById("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const path = form.elements.path.value.trim();
    const ttl = form.elements.ttl.value.trim();
    try {
      const created = await change("create", {
        path: encodePath(path),
        contentType: form.elements.contentType.value.trim() || "application/octet-stream",
        ttlSeconds: ttl ? Number(ttl) : undefined,
      });
      status(`Created ${displayPath(created.path)}.`);
      form.elements.path.value = "";
      restart();
    } catch (error) {
      status(`Not created: ${error.message}`, true);
    }
  });
}
