// Rendering of names and messages. Everything from a stream (names, bodies) reaches the page through
// textContent only: never as markup.

/** An element with optional class and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** A stream path as people read it: percent-escapes decoded where they are valid UTF-8. */
export function displayPath(path) {
  return path.split("/").map((segment) => {
    try { return decodeURIComponent(segment); } catch (_) { return segment; }
  }).join("/");
}

export function formatBytes(count) {
  if (count < 1024) return `${count} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let value = count / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function isJSON(contentType) { return /^application\/json\b/i.test(contentType || ""); }
export function isText(contentType) { return isJSON(contentType) || /^text\//i.test(contentType || ""); }

const decoder = () => new TextDecoder("utf-8", { fatal: false });

/** Text, continuous: appended to one <pre>, trimmed at the front beyond `limit` characters. */
export function appendText(container, text, limit = 2000000) {
  let pre = container.querySelector("pre");
  if (!pre) { pre = el("pre", "text"); container.append(pre); }
  pre.append(document.createTextNode(text));
  if (pre.textContent.length > limit) {
    pre.textContent = pre.textContent.slice(-limit);
    if (!container.querySelector(".trimmed")) container.prepend(el("p", "note trimmed", "Earlier text trimmed."));
  }
}

export function decodeText(bytes) { return decoder().decode(bytes); }

/** A JSON value as a collapsible tree: objects and arrays are <details>, scalars spans. */
export function jsonNode(value, key) {
  const label = (node) => {
    if (key !== undefined) node.append(el("span", "json-key", JSON.stringify(key)), document.createTextNode(": "));
  };
  if (value !== null && typeof value === "object") {
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((item, index) => [index, item]) : Object.entries(value);
    const details = el("details", "json");
    details.open = entries.length <= 20;
    const summary = el("summary");
    label(summary);
    summary.append(document.createTextNode(isArray ? `[ ${entries.length} items ]` : `{ ${entries.length} keys }`));
    details.append(summary);
    for (const [childKey, child] of entries) details.append(jsonNode(child, isArray ? undefined : childKey));
    return details;
  }
  const line = el("div", "json-line");
  label(line);
  line.append(el("span", typeof value === "string" ? "json-string" : "json-other", JSON.stringify(value)));
  return line;
}

/** JSON messages (a JSON array's text) as list items, one per message, pretty-printed and collapsible. */
export function appendJSONMessages(container, text, limit = 5000) {
  let list = container.querySelector("ol");
  if (!list) { list = el("ol", "json-messages"); container.append(list); }
  let messages;
  try { messages = JSON.parse(text); } catch (error) {
    list.append(el("li", "note", `Unreadable JSON (${error.message}): ${text.slice(0, 2000)}`));
    return;
  }
  for (const message of Array.isArray(messages) ? messages : [messages]) {
    const item = el("li", "message");
    item.append(jsonNode(message));
    list.append(item);
  }
  while (list.children.length > limit) list.firstElementChild.remove();
}

function hex(byte) { return byte.toString(16).padStart(2, "0"); }

/** Bytes as hex + ASCII rows of 16, numbered from `position`. */
export function appendHex(container, bytes, position, limitRows = 8192) {
  let pre = container.querySelector("pre.hex");
  if (!pre) { pre = el("pre", "hex"); container.append(pre); }
  let rows = "";
  for (let start = 0; start < bytes.length; start += 16) {
    const row = bytes.subarray(start, start + 16);
    const hexPart = Array.from(row, hex).join(" ").padEnd(47, " ");
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ".")).join("");
    rows += `${(position + start).toString(16).padStart(10, "0")}  ${hexPart}  |${ascii}|\n`;
  }
  pre.append(document.createTextNode(rows));
  const lines = pre.textContent.split("\n");
  if (lines.length > limitRows + 1) {
    pre.textContent = lines.slice(-limitRows - 1).join("\n");
    if (!container.querySelector(".trimmed")) container.prepend(el("p", "note trimmed", "Earlier rows trimmed."));
  }
}

/** base64 text to bytes. */
export function base64Bytes(text) {
  const binary = atob(text.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A path typed by a person, as a stream path: each segment percent-encoded. */
export function encodePath(typed) {
  const trimmed = typed.trim().replace(/^\/+/, "");
  return "/" + trimmed.split("/").map((segment) => encodeURIComponent(segment)).join("/");
}
