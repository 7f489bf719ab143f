// The console's entry point: the token form, the status line and the routes (#/ and #/stream?path=…).

import { adoptTokenFromLocation, setToken, token } from "./api.js";
import { loadList, setUpList } from "./list.js";
import { closeStream, openStream, setUpStream } from "./stream.js";

const $ = (id) => document.getElementById(id);

/** Whether the status line's message is for the page about to open (a fork's, a deletion's). */
let carried = false;

/** Shows a message on the status line; it goes away with the page unless `carry` says it is for the next one. */
function status(message, isError = false, carry = false) {
  const line = $("status");
  line.textContent = message;
  line.classList.toggle("error", isError);
  carried = carry;
}

function showTokenState() {
  $("token-state").textContent = token() ? "Token set for this tab." : "No token: read-only.";
}

function route() {
  if (!carried) status("");
  carried = false;
  const hash = location.hash || "#/";
  const match = /^#\/stream\?path=(.*)$/.exec(hash);
  if (match) {
    let path;
    try { path = decodeURIComponent(match[1]); } catch (_) { path = match[1]; }
    $("list-view").hidden = true;
    $("stream-view").hidden = false;
    openStream(path, status);
  } else {
    closeStream();
    $("stream-view").hidden = true;
    $("list-view").hidden = false;
    loadList(status);
  }
}

adoptTokenFromLocation();
showTokenState();
$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  setToken($("token-input").value.trim());
  $("token-input").value = "";
  showTokenState();
  status("Token saved for this tab.");
});
setUpList(status);
setUpStream(status, () => { location.hash = "#/"; });
window.addEventListener("hashchange", route);
route();
