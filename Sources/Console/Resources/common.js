// The console's shared parts: elements, the API with the signed-in credential, words for the framework's
// values, the server's clock, tabs and attachments. No build step and nothing fetched from elsewhere.

export const DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier";
export const DISMISS_ACTION = "com.apple.UNNotificationDismissActionIdentifier";
export const SESSION_KEY = "usernotifyd.console";
/** How long subscribing this browser may take before the console says what to check. */
export const PUSH_SETUP_SECONDS = 20;

// ---- small helpers ----------------------------------------------------------------------------------

/** An element: h("button", {class: "primary", onclick: f}, "Save"). Text is always text, never HTML. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export const $ = (selector, root = document) => root.querySelector(selector);

export function toast(message, bad = false) {
  const item = h("div", { class: bad ? "toast bad" : "toast" }, message);
  $("#toasts").append(item);
  setTimeout(() => item.remove(), bad ? 8000 : 3500);
}

/** A problem+json answer as an Error whose message says what to fix. */
class Problem extends Error {
  constructor(status, body) {
    super(body && (body.detail || body.title) ? `${body.detail || body.title}${body.code ? ` (${body.code})` : ""}` : `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

/** Who is signed in, `{role, token}`, as this tab's sessionStorage keeps it (null: nobody). */
export let session = JSON.parse(sessionStorage.getItem(SESSION_KEY) || "null");

/** Who is signed in from now on (saved by the sign-in once the server accepted the credential). */
export function setSession(value) {
  session = value;
}

export async function api(method, path, body, { raw = false, headers = {} } = {}) {
  const init = { method, headers: { Authorization: `Bearer ${session.token}`, ...headers } };
  if (body instanceof Blob) {
    init.body = body;
    init.headers["Content-Type"] = "application/octet-stream";
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    let problem = null;
    try { problem = await response.json(); } catch { /* not JSON */ }
    throw new Problem(response.status, problem);
  }
  if (raw) return response;
  return response.status === 204 ? null : response.json();
}

/** Runs an action, showing its error as a toast instead of losing it. */
export async function attempt(action, success) {
  try {
    const result = await action();
    if (success) toast(success);
    return result;
  } catch (error) {
    toast(error.message, true);
    return undefined;
  }
}

/** A secret shown once, with a button that copies it. */
export function secret(id, value) {
  const copy = h("button", { class: "quiet", "data-copies": id, onclick: () => attempt(async () => {
    await navigator.clipboard.writeText(value);
    copy.textContent = "Copied";
  }, "Copied to the clipboard") }, "Copy");
  return h("div", { class: "row" }, h("div", { class: "secret", id }, value), copy);
}

/** Runs `work` with `button` busy: disabled, saying `busyText`, until it ends. */
export async function busy(button, busyText, work) {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = busyText;
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

/** `promise`, or an Error saying `message` once `seconds` passed without it. */
export function withTimeout(promise, seconds, message) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), seconds * 1000); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The words a person reads for the framework's values (the values themselves stay in forms and data). */
export const WORDS = {
  notDetermined: "Not decided yet", authorized: "Allowed", denied: "Not allowed", provisional: "Quietly (provisional)",
  ephemeral: "For now (ephemeral)", enabled: "On", disabled: "Off", notSupported: "Not asked for", always: "Always",
  whenAuthenticated: "When unlocked", never: "Never", banner: "Banners", alert: "Alerts", none: "None",
  presented: "Presented", quiet: "Delivered quietly", notAuthorized: "Not allowed: nothing delivered",
};
export const words = (value) => WORDS[value] || value;

export function formatDate(text) {
  if (!text) return "";
  return new Date(text).toLocaleString();
}

export function countdown(text) {
  const seconds = Math.round((new Date(text).getTime() - (Date.now() - clockOffset)) / 1000);
  if (seconds <= 0) return "due";
  const d = Math.floor(seconds / 86400), hh = Math.floor((seconds % 86400) / 3600), mm = Math.floor((seconds % 3600) / 60), ss = seconds % 60;
  return (d ? `${d}d ` : "") + `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
}

// The server's clock may be virtual: countdowns run against it (the app and operator views read it).
let clockOffset = 0;
setInterval(() => {
  for (const element of document.querySelectorAll("[data-due]")) element.textContent = countdown(element.dataset.due);
}, 1000);

/** The server's clock against this browser's: countdowns to next trigger dates run on the server's. */
export async function readClock() {
  const clock = await api("GET", "/v1/clock");
  clockOffset = Date.now() - new Date(clock.now).getTime();
  return clock;
}

export function tabs(names, render, testPrefix) {
  const bar = h("div", { class: "tabs", role: "tablist" });
  const panel = h("div", { role: "tabpanel" });
  const select = (name) => {
    for (const button of bar.children) button.setAttribute("aria-selected", String(button.dataset.tab === name));
    panel.replaceChildren();
    render(name, panel);
  };
  for (const name of names) {
    bar.append(h("button", { role: "tab", id: `${testPrefix}-tab-${name.toLowerCase()}`, dataset: { tab: name }, onclick: () => select(name) }, name));
  }
  select(names[0]);
  return h("div", {}, bar, panel);
}

/** An attachment's bytes through the API (with the credential), shown as an image, audio or video. */
// Downloaded attachments by URL and delivery date (a delivered notification replaced by identifier may carry
// other bytes under the same URL): the list is redrawn on every event, the bytes are fetched once.
export const attachmentSources = new Map();

export function attachmentSource(url, delivered) {
  const key = `${url}@${delivered}`;
  if (!attachmentSources.has(key)) {
    const source = api("GET", url, undefined, { raw: true })
      .then((response) => response.blob())
      .then((blob) => ({ url: URL.createObjectURL(blob), type: blob.type }));
    source.catch(() => attachmentSources.delete(key));
    attachmentSources.set(key, source);
  }
  return attachmentSources.get(key);
}

export async function attachmentElement(url, attachment, delivered) {
  const { url: source, type: blobType } = await attachmentSource(url, delivered);
  const type = attachment.contentType || blobType || "";
  const label = attachment.identifier || "attachment";
  if (type.startsWith("audio/")) return h("audio", { controls: true, src: source, "aria-label": label });
  if (type.startsWith("video/")) return h("video", { controls: true, src: source, class: "attachment", "aria-label": label });
  return h("img", { src: source, alt: label, class: "attachment" });
}

/** A notification's receipts (`url`: the app's or the user's) as a timeline: per delivery, newest first, a
 * line that says how far it got (sent to 2 devices, shown on 1, answered "Drink" at 10:42), then each step. */
export async function receiptsTimeline(url) {
  const view = await api("GET", url);
  return h("div", { class: "receipts" }, ...view.deliveries.map((delivery) => {
    const sent = delivery.devices.filter((device) => device.sentAt).length;
    const shown = delivery.devices.filter((device) => device.displayedAt).length;
    const failed = delivery.devices.filter((device) => device.failedAt).length;
    const said = [words(delivery.decision || "fired"), `sent to ${sent} device${sent === 1 ? "" : "s"}`, `shown on ${shown}`];
    if (failed) said.push(`not delivered to ${failed}`);
    if (delivery.response) said.push(`${delivery.response === "action" ? `answered "${delivery.action}"` : delivery.response} at ${formatDate(delivery.respondedAt)}`);
    return h("div", { class: "delivery", dataset: { deliveredAt: delivery.deliveredAt } },
      h("p", { class: "summary" }, said.join(", ")),
      h("ol", { class: "timeline" }, ...delivery.timeline.map((step) => h("li", { dataset: { stage: step.stage } },
        h("span", { class: "meta" }, formatDate(step.at)), " ", h("strong", {}, step.stage),
        step.device ? ` on ${step.kind === "phone" ? "phone" : "browser"} ${step.device}` : "", step.detail ? ` (${step.detail})` : ""))));
  }));
}
