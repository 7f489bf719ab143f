// The Clerk emulator console: polls GET api/state once a second and renders each section when its data changed;
// changes are POSTs of JSON to api/<change>. Everything from the emulator reaches the page through textContent.

const API = new URL("api/", document.baseURI);
const $ = (id) => document.getElementById(id);
const last = {};
let state = null;
let configDirty = false;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function cell(row, label, content, className) {
  const td = el("td", className);
  td.setAttribute("data-label", label);
  if (content instanceof Node) td.append(content); else if (content !== undefined) td.textContent = String(content);
  row.append(td);
  return td;
}

function button(text, onClick, className, label) {
  const node = el("button", className, text);
  node.type = "button";
  if (label) node.setAttribute("aria-label", label);
  node.addEventListener("click", onClick);
  return node;
}

function status(message, isError = false) {
  $("status").textContent = message;
  $("status").classList.toggle("error", isError);
}

function time(millis) { return new Date(millis).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC"); }

async function change(name, body) {
  const response = await fetch(new URL(name, API), {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-Emulator-Console": "1" }, body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${response.status}: ${answer.error || response.statusText}`);
  await refresh();
  return answer;
}

function act(description, name, body) {
  return async () => {
    try {
      const answer = await change(name, body);
      status(`${description}: done.${answer.totpSecret ? ` TOTP secret ${answer.totpSecret}` : ""}`);
    } catch (error) {
      status(`${description}: ${error.message}`, true);
    }
  };
}

/** Renders `key`'s section only when its data changed, so focus and scroll stay put between polls. */
function section(key, data, render) {
  const text = JSON.stringify(data);
  if (last[key] === text) return;
  last[key] = text;
  render(data);
}

function userName(user) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username || user.emailAddresses[0] || user.id;
}

function renderUsers(users) {
  $("user-rows").replaceChildren(...users.map((user) => {
    const tr = el("tr");
    tr.dataset.userId = user.id;
    cell(tr, "Name", userName(user));
    const ids = el("div", "mono");
    for (const id of [...user.emailAddresses, ...user.phoneNumbers, user.username].filter(Boolean)) ids.append(el("div", undefined, id));
    cell(tr, "Identifiers", ids);
    const mfa = [user.totp && "TOTP", user.smsSecondFactor && "SMS", user.backupCodes && `${user.backupCodes} backup codes`].filter(Boolean);
    cell(tr, "MFA", el("span", `badge${user.twoFactorEnabled ? " on" : ""}`, mfa.length ? mfa.join(", ") : "off"));
    const pending = user.sessions.filter((s) => s.status === "pending").length;
    cell(tr, "Sessions", user.sessions.filter((s) => s.status === "active").length + " active" + (pending ? `, ${pending} pending` : ""));
    const actions = el("div", "buttons");
    const who = userName(user);
    actions.append(
      button("Edit", () => editUser(user), undefined, `Edit ${who}`),
      button("Reset password", () => resetPassword(user), undefined, `Reset the password of ${who}`),
      button("Require new password", act(`${who} must choose a new password`, "users/require-password-reset", { id: user.id }), undefined, `Require ${who} to choose a new password`),
      user.twoFactorEnabled
        ? button("Turn MFA off", act(`MFA off for ${who}`, "users/mfa", { id: user.id, enabled: false }), undefined, `Turn MFA off for ${who}`)
        : button("Turn MFA on", act(`MFA on for ${who}`, "users/mfa", { id: user.id, enabled: true }), undefined, `Turn MFA on for ${who}`),
      button("Delete", () => {
        if (window.confirm(`Delete ${who}? Their sessions end.`)) act(`Deleted ${who}`, "users/delete", { id: user.id })();
      }, "danger", `Delete ${who}`));
    cell(tr, "Actions", actions);
    return tr;
  }));
  if (!users.length) $("user-rows").append(emptyRow(5, "No users yet."));
}

function emptyRow(columns, text) {
  const tr = el("tr");
  const td = el("td", "muted", text);
  td.colSpan = columns;
  tr.append(td);
  return tr;
}

function editUser(user) {
  $("user-id").value = user.id;
  $("user-first").value = user.firstName || "";
  $("user-last").value = user.lastName || "";
  $("user-username").value = user.username || "";
  for (const id of ["user-email", "user-phone", "user-password"]) { $(id).value = ""; $(id).disabled = true; }
  $("user-form-title").textContent = `Edit ${userName(user)}`;
  $("user-submit").textContent = "Save";
  $("user-cancel").hidden = false;
  $("user-first").focus();
}

function resetUserForm() {
  $("user-form").reset();
  $("user-id").value = "";
  for (const id of ["user-email", "user-phone", "user-password"]) $(id).disabled = false;
  $("user-form-title").textContent = "Create a user";
  $("user-submit").textContent = "Create user";
  $("user-cancel").hidden = true;
}

function resetPassword(user) {
  const password = window.prompt(`New password for ${userName(user)}`);
  if (password) act(`Password reset for ${userName(user)}`, "users/password", { id: user.id, password })();
}

function renderSessions(data) {
  const names = Object.fromEntries(data.users.map((u) => [u.id, userName(u)]));
  $("session-rows").replaceChildren(...data.sessions.slice().reverse().map((session) => {
    const tr = el("tr");
    tr.dataset.sessionId = session.id;
    cell(tr, "Session", session.id, "mono");
    cell(tr, "User", names[session.userId] || session.userId);
    cell(tr, "Status", el("span", `badge ${session.status}`, session.status));
    cell(tr, "Expires", time(session.expireAt));
    const actions = el("div", "buttons");
    if (session.status === "active") {
      actions.append(
        button("Expire token now", act("Token expired", "sessions/expire-token", { id: session.id }), undefined, `Expire the token of ${session.id}`),
        button("Expire session now", act("Session expired", "sessions/expire", { id: session.id }), undefined, `Expire ${session.id}`),
        button("Revoke", act("Session revoked", "sessions/revoke", { id: session.id }), "danger", `Revoke ${session.id}`));
    }
    cell(tr, "Actions", actions);
    return tr;
  }));
  if (!data.sessions.length) $("session-rows").append(emptyRow(5, "No sessions yet."));
}

function renderOutbox(outbox) {
  $("outbox-rows").replaceChildren(...outbox.slice().reverse().map((message) => {
    const tr = el("tr", "outbox-message");
    cell(tr, "Sent", time(message.sentAt));
    cell(tr, "Channel", message.channel);
    cell(tr, "To", message.to, "mono");
    cell(tr, "Purpose", message.purpose);
    if (message.link) {
      const link = el("a", "mono", message.link);
      link.href = message.link;
      link.rel = "noreferrer";
      cell(tr, "Code or link", link);
    } else {
      cell(tr, "Code or link", message.code, "code-value");
    }
    return tr;
  }));
  if (!outbox.length) $("outbox-rows").append(emptyRow(5, "Nothing sent yet."));
}

const CHOICES = {
  identifiers: ["email_address", "phone_number", "username"],
  firstFactors: ["password", "email_code", "phone_code", "email_link"],
  secondFactors: ["totp", "phone_code", "backup_code"],
  requiredFields: ["email_address", "phone_number", "username", "password", "first_name", "last_name", "legal_accepted"],
};

function renderConfiguration(configuration) {
  if (configDirty) return;
  for (const [key, values] of Object.entries(CHOICES)) {
    $(`cfg-${key}`).replaceChildren(...values.map((value) => {
      const label = el("label");
      const box = el("input");
      box.type = "checkbox";
      box.value = value;
      box.checked = configuration[key].includes(value);
      label.append(box, document.createTextNode(` ${value}`));
      return label;
    }));
  }
  for (const key of ["verifyEmailAddress", "verifyPhoneNumber", "singleSessionMode", "organizationsEnabled", "secondFactorRequired", "forceOrganizationSelection"]) $(`cfg-${key}`).checked = configuration[key];
  $("cfg-minimumPasswordLength").value = configuration.minimumPasswordLength;
  $("cfg-maximumMemberships").value = configuration.maximumMemberships;
  $("cfg-signUpMode").value = configuration.signUpMode;
}

function readConfiguration() {
  const body = {};
  for (const key of Object.keys(CHOICES)) {
    body[key] = [...$(`cfg-${key}`).querySelectorAll("input:checked")].map((box) => box.value);
  }
  for (const key of ["verifyEmailAddress", "verifyPhoneNumber", "singleSessionMode", "organizationsEnabled", "secondFactorRequired", "forceOrganizationSelection"]) body[key] = $(`cfg-${key}`).checked;
  body.minimumPasswordLength = Number($("cfg-minimumPasswordLength").value);
  body.maximumMemberships = Number($("cfg-maximumMemberships").value);
  body.signUpMode = $("cfg-signUpMode").value;
  return body;
}

function render() {
  section("users", state.users, renderUsers);
  section("sessions", { sessions: state.sessions, users: state.users }, renderSessions);
  section("outbox", state.outbox, renderOutbox);
  section("configuration", state.configuration, renderConfiguration);
  section("organizations", state.organizations, (orgs) => {
    $("org-list").replaceChildren(...orgs.map((o) => el("li", undefined, `${o.name} (${o.slug}) — ${o.members} members`)));
    if (!orgs.length) $("org-list").append(el("li", "muted", "No organizations."));
  });
  $("clock-now").textContent = time(state.clock.now);
  $("clock-offset").textContent = state.clock.offsetMillis ? `(ahead by ${state.clock.offsetMillis / 1000} s)` : "(real time)";
  section("faults", state.faults, (faults) => {
    $("fault-list").replaceChildren(...faults.map((f) => el("li", "mono",
      `${f.method || "any"} ${f.path} → ${f.outcome}${f.delayMillis ? ` after ${f.delayMillis} ms` : ""}, ${f.remaining ?? "∞"} left`)));
    if (!faults.length) $("fault-list").append(el("li", "muted", "No faults."));
  });
  section("jwks", state.jwks, (jwks) => { $("jwks").textContent = JSON.stringify(jwks, null, 2); });
  section("requests", state.requests, (requests) => {
    $("log-count").textContent = `(${state.requestCount} kept; newest ${requests.length} shown)`;
    $("log-rows").replaceChildren(...requests.slice().reverse().map((r) => {
      const tr = el("tr");
      cell(tr, "Method", r.method);
      cell(tr, "Path", r.path, "mono");
      cell(tr, "Status", r.status);
      return tr;
    }));
  });
}

async function refresh() {
  try {
    const response = await fetch(new URL("state", API), { credentials: "same-origin" });
    if (!response.ok) throw new Error(`${response.status}`);
    state = await response.json();
    render();
  } catch (error) {
    status(`The emulator does not answer (${error.message}).`, true);
  }
}

$("user-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const id = $("user-id").value;
  const fields = { firstName: $("user-first").value, lastName: $("user-last").value, username: $("user-username").value };
  if (id) {
    await act("User saved", "users/update", { id, ...fields })();
  } else {
    await act("User created", "users/create", {
      ...fields, emailAddress: $("user-email").value, phoneNumber: $("user-phone").value, password: $("user-password").value,
    })();
  }
  resetUserForm();
});
$("user-cancel").addEventListener("click", resetUserForm);
$("config-form").addEventListener("input", () => { configDirty = true; });
$("config-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  configDirty = false;
  delete last.configuration;
  await act("Configuration applied", "configuration", readConfiguration())();
});
$("config-reset").addEventListener("click", () => { configDirty = false; delete last.configuration; render(); });
for (const node of $("clock-form").querySelectorAll("button[data-seconds]")) {
  node.addEventListener("click", act("Clock advanced", "clock/advance", { seconds: Number(node.dataset.seconds) }));
}
$("clock-form").addEventListener("submit", (event) => {
  event.preventDefault();
  act("Clock advanced", "clock/advance", { seconds: Number($("clock-seconds").value) })();
});
$("fault-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const times = $("fault-times").value;
  act("Fault injected", "faults/add", {
    method: $("fault-method").value, path: $("fault-path").value, outcome: $("fault-outcome").value,
    status: Number($("fault-status").value), delaySeconds: Number($("fault-delay").value),
    times: times ? Number(times) : undefined,
  })();
});
$("fault-clear").addEventListener("click", act("Faults cleared", "faults/clear", {}));
$("log-clear").addEventListener("click", act("Request log cleared", "requests/clear", {}));

refresh();
setInterval(refresh, 1000);
