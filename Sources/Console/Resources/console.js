// usernotifyd's console: the public API (/v1/…) and the event stream, for a user, an app or the operator.
// No build step and nothing fetched from elsewhere; the credential lives in this tab's sessionStorage.

const DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier";
const DISMISS_ACTION = "com.apple.UNNotificationDismissActionIdentifier";
const SESSION_KEY = "usernotifyd.console";
/** How long subscribing this browser may take before the console says what to check. */
const PUSH_SETUP_SECONDS = 20;

// ---- small helpers ----------------------------------------------------------------------------------

/** An element: h("button", {class: "primary", onclick: f}, "Save"). Text is always text, never HTML. */
function h(tag, attributes = {}, ...children) {
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

const $ = (selector, root = document) => root.querySelector(selector);

function toast(message, bad = false) {
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

let session = JSON.parse(sessionStorage.getItem(SESSION_KEY) || "null");

async function api(method, path, body, { raw = false, headers = {} } = {}) {
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
async function attempt(action, success) {
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
function secret(id, value) {
  const copy = h("button", { class: "quiet", "data-copies": id, onclick: () => attempt(async () => {
    await navigator.clipboard.writeText(value);
    copy.textContent = "Copied";
  }, "Copied to the clipboard") }, "Copy");
  return h("div", { class: "row" }, h("div", { class: "secret", id }, value), copy);
}

/** Runs `work` with `button` busy: disabled, saying `busyText`, until it ends. */
async function busy(button, busyText, work) {
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
function withTimeout(promise, seconds, message) {
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(message)), seconds * 1000); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The words a person reads for the framework's values (the values themselves stay in forms and data). */
const WORDS = {
  notDetermined: "Not decided yet", authorized: "Allowed", denied: "Not allowed", provisional: "Quietly (provisional)",
  ephemeral: "For now (ephemeral)", enabled: "On", disabled: "Off", notSupported: "Not asked for", always: "Always",
  whenAuthenticated: "When unlocked", never: "Never", banner: "Banners", alert: "Alerts", none: "None",
};
const words = (value) => WORDS[value] || value;

function formatDate(text) {
  if (!text) return "";
  return new Date(text).toLocaleString();
}

function countdown(text) {
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

function tabs(names, render, testPrefix) {
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
const attachmentSources = new Map();

function attachmentSource(url, delivered) {
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

async function attachmentElement(url, attachment, delivered) {
  const { url: source, type: blobType } = await attachmentSource(url, delivered);
  const type = attachment.contentType || blobType || "";
  const label = attachment.identifier || "attachment";
  if (type.startsWith("audio/")) return h("audio", { controls: true, src: source, "aria-label": label });
  if (type.startsWith("video/")) return h("video", { controls: true, src: source, class: "attachment", "aria-label": label });
  return h("img", { src: source, alt: label, class: "attachment" });
}

// ---- sign-in ----------------------------------------------------------------------------------------

const probes = { user: "/v1/me", app: "/v1/centers?limit=1", operator: "/v1/clock" };

function showSignIn() {
  $("#sign-in").hidden = false;
  $("#sign-out").hidden = true;
  $("#who").textContent = "";
  $("#view").replaceChildren();
  $("#credential").focus();
}

$("#sign-in-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const role = new FormData(event.target).get("role");
  session = { role, token: $("#credential").value.trim() };
  try {
    await api("GET", probes[role]);
  } catch (error) {
    $("#sign-in-error").textContent = error.status === 401 || error.status === 403
      ? `That is not a valid ${role === "user" ? "center token" : role === "app" ? "app key" : "admin token"}.`
      : error.message;
    session = null;
    return;
  }
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  $("#credential").value = "";
  $("#sign-in-error").textContent = "";
  start();
});

$("#sign-out").addEventListener("click", async () => {
  // Whoever uses this browser next gets none of this user's notifications: the worker removes the
  // subscription and forgets its token, even when the server cannot be reached.
  if (session && session.role === "user") await forgetThisBrowser();
  sessionStorage.removeItem(SESSION_KEY);
  location.reload();
});

/** Asks the console's worker, if there is one, to remove this browser's subscription (on the server and
 * in the browser), forget its token and close what it shows; waits for it, 5 s at most. */
async function forgetThisBrowser() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/console/");
  if (!registration || !registration.active) return;
  await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    registration.active.postMessage({ type: "sign-out" }, [channel.port2]);
    setTimeout(resolve, 5000);
  });
}

function start() {
  $("#sign-in").hidden = true;
  $("#sign-out").hidden = false;
  const views = { user: userView, app: appView, operator: operatorView };
  views[session.role]().catch((error) => toast(error.message, true));
}

// ---- user: the phone ----------------------------------------------------------------------------------

const user = { center: null, categories: [], lastEventID: null };

/** The app's name, as the person reads it (its id only when the server did not say). */
function appName() {
  return user.center.appName || user.center.appID;
}

async function userView() {
  user.center = await api("GET", "/v1/me");
  user.categories = (await api("GET", "/v1/me/categories")).categories;
  $("#who").textContent = `${appName()} on ${user.center.id}`;
  const badge = h("span", { id: "badge", class: "badge", title: "Badge", hidden: !user.center.badge }, user.center.badge);
  const status = h("span", { id: "authorization-status", class: "pill", dataset: { status: user.center.authorizationStatus } },
    words(user.center.authorizationStatus));
  $("#view").replaceChildren(
    h("section", { class: "card" }, h("div", { class: "row" }, h("h1", {}, "My phone"), badge, status)),
    h("div", { class: "grid" },
      h("section", { class: "card", "aria-labelledby": "nc-title" }, h("h2", { id: "nc-title" }, "Notification Center"), h("div", { id: "delivered" })),
      h("section", { class: "card", "aria-labelledby": "settings-title" }, h("h2", { id: "settings-title" }, "Notifications settings"), h("form", { id: "settings-form" })),
      h("section", { class: "card", "aria-labelledby": "device-title" }, h("h2", { id: "device-title" }, "Device"), deviceForm(), locationForm()),
      h("section", { class: "card", "aria-labelledby": "push-title" }, h("h2", { id: "push-title" }, "This browser"), pushControl(),
        h("ul", { class: "list", id: "push-subscriptions" }))));
  await Promise.all([renderDelivered(), renderSettings(), renderSubscriptions()]);
  if (user.center.prompt) showPrompt(user.center.prompt);
  streamEvents();
}

// ---- user: Web Push, so that notifications reach this browser with the console closed ----------------

/** "Get notifications on this device": registers the worker, asks the browser, subscribes with the
 * service's VAPID key (again when the operator rotated it) and registers the subscription. */
function pushControl() {
  const status = h("p", { id: "push-status", class: "hint" },
    "Notifications reach this browser even with the console closed, with their buttons.");
  const button = h("button", { id: "push-enable", class: "primary" }, "Get notifications on this device");
  button.addEventListener("click", () => attempt(() => busy(button, "Setting up…", async () => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) throw new Error("This browser cannot receive Web Push.");
    const registration = await workerRegistration();
    if ((await Notification.requestPermission()) !== "granted") throw new Error("Notifications are blocked for this site in the browser.");
    const key = await api("GET", "/v1/web-push/key");
    const wanted = base64urlBytes(key.publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(new Uint8Array(subscription.options.applicationServerKey || []), wanted)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    // The browser asks its push service for an endpoint: with that service out of reach it may not answer
    // for a long time, which the person is told instead of waiting on a button that does nothing.
    subscription = subscription || await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: wanted }), PUSH_SETUP_SECONDS,
      `The browser's push service did not answer within ${PUSH_SETUP_SECONDS} s: check this device's network (or a firewall) and try again.`);
    const saved = await api("POST", "/v1/me/push-subscriptions", subscription.toJSON());
    // The worker keeps the subscription's own token (never the center token), to renew the subscription
    // when the browser replaces it and to remove it at sign-out.
    registration.active.postMessage({ type: "device", subscriptionToken: saved.subscriptionToken });
    status.textContent = "This browser gets notifications.";
    status.dataset.subscription = saved.id;
    await renderSubscriptions();
  }), "Notifications on"));
  return h("div", {}, status, button);
}

/** The console's worker, registered and active. (Not `serviceWorker.ready`: this page, /console, is not
 * in the worker's scope, /console/, so no worker controls it and `ready` would never come.) */
async function workerRegistration() {
  const registration = await navigator.serviceWorker.register("/console/sw.js", { scope: "/console/" });
  const worker = registration.installing || registration.waiting;
  if (!registration.active && worker) {
    await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
  }
  return registration;
}

async function renderSubscriptions() {
  const list = $("#push-subscriptions");
  if (!list) return;
  const { subscriptions } = await api("GET", "/v1/me/push-subscriptions");
  list.replaceChildren(...subscriptions.map((subscription) => h("li", { dataset: { subscription: subscription.id } },
    h("div", {}, new URL(subscription.endpoint).host), h("div", { class: "meta" }, `since ${formatDate(subscription.createdAt)}`),
    h("button", { class: "quiet", onclick: () => attempt(async () => {
      await api("DELETE", `/v1/me/push-subscriptions/${subscription.id}`);
      await renderSubscriptions();
    }, "Removed") }, "Remove"))));
}

function base64urlBytes(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameBytes(left, right) {
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}

function setBadge(count) {
  const badge = $("#badge");
  if (!badge) return;
  badge.textContent = count;
  badge.hidden = !count;
}

async function renderSettings() {
  const settings = await api("GET", "/v1/me/settings");
  $("#authorization-status").textContent = words(settings.authorizationStatus);
  $("#authorization-status").dataset.status = settings.authorizationStatus;
  const form = $("#settings-form");
  const fields = [
    ["authorizationStatus", "Allow notifications", ["authorized", "denied", "provisional"]],
    ["alertSetting", "Alerts", ["enabled", "disabled"]],
    ["alertStyle", "Banner style", ["banner", "alert", "none"]],
    ["soundSetting", "Sounds", ["enabled", "disabled"]],
    ["badgeSetting", "Badges", ["enabled", "disabled"]],
    ["lockScreenSetting", "Lock screen", ["enabled", "disabled"]],
    ["notificationCenterSetting", "Notification Center", ["enabled", "disabled"]],
    ["showPreviewsSetting", "Show previews", ["always", "whenAuthenticated", "never"]],
    ["carPlaySetting", "CarPlay", ["enabled", "disabled"]],
    ["announcementSetting", "Announce", ["enabled", "disabled"]],
    ["timeSensitiveSetting", "Time sensitive", ["enabled", "disabled"]],
    ["criticalAlertSetting", "Critical alerts", ["enabled", "disabled"]],
    ["scheduledDeliverySetting", "Scheduled summary", ["enabled", "disabled"]],
    ["directMessagesSetting", "Direct messages", ["enabled", "disabled"]],
  ];
  form.replaceChildren(...fields.map(([name, label, values]) => {
    const current = settings[name];
    const options = values.includes(current) ? values : [current, ...values];
    const select = h("select", { name, id: `setting-${name}`, disabled: current === "notSupported" || (current === "notDetermined" && name === "authorizationStatus") },
      options.map((value) => h("option", { value, selected: value === current }, words(value))));
    select.addEventListener("change", () => attempt(async () => {
      await api("PATCH", "/v1/me/settings", { [name]: select.value });
      await renderSettings();
    }, `${label}: ${words(select.value)}`));
    return h("label", {}, label, select);
  }));
}

function deviceForm() {
  const state = user.center.state || {};
  const form = h("form", { id: "state-form" },
    h("label", {}, "App state", h("select", { name: "appState" },
      ["background", "foreground", "notRunning"].map((value) => h("option", { value, selected: value === state.appState }, value)))),
    h("label", { class: "inline" }, h("input", { type: "checkbox", name: "locked", checked: !!state.locked }), "Locked"),
    h("label", {}, "Focus (empty: none)", h("input", { name: "focus", value: state.focus ? state.focus.name : "" })),
    h("div", { class: "row" },
      h("label", {}, "Locale", h("input", { name: "locale", value: state.locale || "", placeholder: "en_US" })),
      h("label", {}, "Time zone", h("input", { name: "timeZone", value: state.timeZone || "", placeholder: "Europe/Paris" }))),
    h("button", { type: "submit" }, "Update device"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const change = { appState: data.get("appState"), locked: data.get("locked") === "on", focus: data.get("focus") ? { name: data.get("focus") } : null };
    if (data.get("locale")) change.locale = data.get("locale");
    if (data.get("timeZone")) change.timeZone = data.get("timeZone");
    attempt(() => api("PATCH", "/v1/me/state", change), "Device updated");
  });
  return form;
}

function locationForm() {
  const form = h("form", { id: "location-form" },
    h("h3", {}, "Location"),
    h("div", { class: "row" },
      h("label", {}, "Latitude", h("input", { name: "latitude", type: "number", step: "any", required: true, min: -90, max: 90 })),
      h("label", {}, "Longitude", h("input", { name: "longitude", type: "number", step: "any", required: true, min: -180, max: 180 }))),
    h("button", { type: "submit" }, "Move here"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    attempt(async () => {
      const result = await api("POST", "/v1/me/location", { latitude: Number(data.get("latitude")), longitude: Number(data.get("longitude")) });
      toast(result.fired.length ? `Fired: ${result.fired.join(", ")}` : "No region crossed");
    });
  });
  return form;
}

function actionsFor(notification) {
  const category = user.categories.find((item) => item.identifier === notification.request.content.categoryIdentifier);
  return category ? category.actions || [] : [];
}

/** The buttons of a notification: the category's actions, a text field for text-input ones. */
function actionButtons(notification, onDone) {
  const identifier = notification.request.identifier;
  const row = h("div", { class: "actions" });
  for (const action of actionsFor(notification)) {
    if (action.textInput) {
      const field = h("input", { placeholder: action.textInput.placeholder || action.title, "aria-label": action.title, dataset: { action: action.identifier } });
      row.append(field, h("button", {
        class: "primary", dataset: { action: action.identifier },
        onclick: () => respond(identifier, action.identifier, field.value, onDone),
      }, action.textInput.buttonTitle || action.title));
    } else {
      row.append(h("button", {
        class: (action.options || []).includes("destructive") ? "danger" : "",
        dataset: { action: action.identifier },
        onclick: () => respond(identifier, action.identifier, undefined, onDone),
      }, action.title));
    }
  }
  return row;
}

async function respond(identifier, actionIdentifier, userText, onDone) {
  const body = { actionIdentifier };
  if (userText !== undefined) body.userText = userText;
  const result = await attempt(() => api("POST", `/v1/me/delivered/${encodeURIComponent(identifier)}/response`, body));
  if (result) {
    toast(result.forwardedToDelegate ? "Sent to the app" : "Done");
    if (onDone) onDone();
    await renderDelivered();
  }
}

function notificationBody(notification) {
  const content = notification.request.content;
  return [
    content.title && h("div", { class: "title" }, content.title),
    content.subtitle && h("div", {}, content.subtitle),
    content.body && h("div", {}, content.body),
  ];
}

async function attachmentsOf(notification) {
  const identifier = encodeURIComponent(notification.request.identifier);
  const elements = [];
  for (const attachment of notification.request.content.attachments || []) {
    const url = `/v1/me/delivered/${identifier}/attachments/${encodeURIComponent(attachment.identifier)}`;
    elements.push(await attachmentElement(url, attachment, notification.date).catch((error) => h("span", { class: "error" }, error.message)));
  }
  return elements;
}

async function renderDelivered() {
  const container = $("#delivered");
  if (!container) return;
  const page = await api("GET", "/v1/me/delivered?limit=100");
  if (!page.notifications.length) {
    container.replaceChildren(h("p", { class: "hint", id: "delivered-empty" }, "No notifications."));
    return;
  }
  const threads = new Map();
  for (const notification of page.notifications) {
    const thread = notification.request.content.threadIdentifier || "";
    if (!threads.has(thread)) threads.set(thread, []);
    threads.get(thread).push(notification);
  }
  const sections = [];
  for (const [thread, notifications] of threads) {
    const items = [];
    for (const notification of notifications) {
      const identifier = notification.request.identifier;
      items.push(h("li", { class: "notification", dataset: { identifier } },
        h("div", { class: "meta" }, formatDate(notification.date)),
        ...notificationBody(notification),
        ...(await attachmentsOf(notification)),
        actionButtons(notification),
        h("div", { class: "actions" },
          h("button", { onclick: () => respond(identifier, DEFAULT_ACTION) }, "Open"),
          h("button", { class: "quiet", onclick: () => respond(identifier, DISMISS_ACTION) }, "Clear"))));
    }
    sections.push(h("div", { class: "thread" }, thread ? h("h3", {}, `Thread ${thread}`) : null, h("ul", { class: "list" }, items)));
  }
  container.replaceChildren(...sections);
}

async function showBanner(notification) {
  const identifier = notification.request.identifier;
  const close = () => banner.remove();
  const banner = h("div", { class: "banner", role: "alert", dataset: { identifier } },
    h("header", {}, h("span", { class: "app-name" }, appName()), h("button", { class: "quiet", "aria-label": "Dismiss", onclick: () => respond(identifier, DISMISS_ACTION, undefined, close) }, "×")),
    h("button", { class: "open", onclick: () => respond(identifier, DEFAULT_ACTION, undefined, close) }, ...notificationBody(notification)),
    ...(await attachmentsOf(notification)),
    actionButtons(notification, close));
  $("#banners").prepend(banner);
}

function showPrompt(prompt) {
  const dialog = $("#prompt-dialog");
  $("#prompt-app").textContent = appName();
  $("#prompt-options").textContent = `Notifications may include ${prompt.options.join(", ")}.`;
  dialog.onclose = () => {
    if (!dialog.returnValue) return;
    const allowed = dialog.returnValue === "allow";
    dialog.returnValue = "";
    attempt(async () => {
      await api("POST", "/v1/me/authorization", { allowed });
      await renderSettings();
    }, allowed ? "Notifications allowed" : "Notifications not allowed");
  };
  if (!dialog.open) dialog.showModal();
}

/** The event stream, read with fetch (EventSource cannot send a credential); resumes with Last-Event-ID. */
async function streamEvents() {
  for (let delay = 1000; session; delay = Math.min(delay * 2, 15000)) {
    try {
      const headers = { Accept: "text/event-stream" };
      if (user.lastEventID) headers["Last-Event-ID"] = user.lastEventID;
      const response = await api("GET", "/v1/me/events", undefined, { raw: true, headers });
      delay = 1000;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, "\n");
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = { name: "message", data: [] };
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "event") event.name = text;
            else if (field === "data") event.data.push(text);
            else if (field === "id") user.lastEventID = text;
          }
          if (event.data.length) await handleEvent(event.name, JSON.parse(event.data.join("\n")));
        }
      }
    } catch (error) {
      if (error.status === 401 || error.status === 403) { toast(error.message, true); return; }
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function handleEvent(name, data) {
  switch (name) {
    case "authorizationPrompt": showPrompt(data); break;
    case "settingsChanged": await renderSettings(); break;
    case "presented":
      if (data.presentation && data.presentation.banner) await showBanner(data);
      await renderDelivered();
      break;
    case "badgeChanged": setBadge(data.badge); break;
    case "deliveredRemoved":
      for (const identifier of data.identifiers) $(`.banner[data-identifier="${CSS.escape(identifier)}"]`)?.remove();
      await renderDelivered();
      break;
    case "reset": await Promise.all([renderDelivered(), renderSettings()]); break;
    default: break;
  }
}

// ---- app: its centers, schedule, categories, webhooks, strings, media ------------------------------------

/** The server's clock against this browser's: countdowns to next trigger dates run on the server's. */
async function readClock() {
  const clock = await api("GET", "/v1/clock");
  clockOffset = Date.now() - new Date(clock.now).getTime();
  return clock;
}

async function appView() {
  await readClock();
  $("#who").textContent = "App";
  $("#view").replaceChildren(tabs(["Centers", "Categories", "Webhooks", "Phones", "Strings", "Media"], (name, panel) => {
    const renderers = { Centers: appCenters, Categories: appCategories, Webhooks: appWebhooks, Phones: appPhones, Strings: appStrings, Media: appMedia };
    renderers[name](panel).catch((error) => toast(error.message, true));
  }, "app"));
}

async function appCenters(panel) {
  const list = h("ul", { class: "list", id: "centers" });
  const detail = h("div", { id: "center-detail" });
  let cursor = null;
  const more = h("button", { hidden: true, onclick: () => load() }, "More");
  async function load(reset = false) {
    if (reset) { list.replaceChildren(); cursor = null; }
    const page = await api("GET", `/v1/centers?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    for (const center of page.centers) {
      const item = h("li", { class: "selectable", tabindex: 0, role: "button", dataset: { center: center.id } },
        h("strong", {}, center.id), " ", h("span", { class: "pill" }, words(center.authorizationStatus)),
        center.badge ? h("span", { class: "badge" }, center.badge) : null);
      const open = () => {
        for (const other of list.children) other.classList.toggle("selected", other === item);
        centerDetail(center.id, detail).catch((error) => toast(error.message, true));
      };
      item.addEventListener("click", open);
      item.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); } });
      list.append(item);
    }
    cursor = page.nextCursor || null;
    more.hidden = !cursor;
  }
  const form = h("form", { id: "create-center-form", class: "row" },
    h("label", {}, "New center id", h("input", { name: "id", placeholder: "phone-1", pattern: "[A-Za-z0-9._\\-]{1,64}" })),
    h("button", { type: "submit", class: "primary" }, "Create center"));
  const issued = h("div", { id: "issued-token" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const id = new FormData(form).get("id");
    attempt(async () => {
      const created = await api("POST", "/v1/centers", id ? { id } : {});
      issued.replaceChildren(h("p", {}, `Center ${created.center.id}: its token, shown once — sign in as its user with it:`),
        secret("center-token", created.token));
      form.reset();
      await load(true);
    }, "Center created");
  });
  panel.append(h("div", { class: "grid" },
    h("section", { class: "card" }, h("h2", {}, "Centers"), form, issued, list, more),
    detail));
  await load(true);
}

async function centerDetail(id, container) {
  const path = `/v1/centers/${encodeURIComponent(id)}`;
  const center = await api("GET", path);
  const pending = h("ul", { class: "list", id: "pending" });
  const delivered = h("ul", { class: "list", id: "app-delivered" });
  const browsers = h("ul", { class: "list", id: "app-push-subscriptions" });
  const phones = h("ul", { class: "list", id: "app-devices" });
  async function refresh() {
    await readClock();
    const [pendingPage, deliveredPage] = await Promise.all([api("GET", `${path}/requests?limit=100`), api("GET", `${path}/delivered?limit=100`)]);
    pending.replaceChildren(...pendingPage.requests.map((request) => h("li", { dataset: { identifier: request.identifier } },
      h("div", { class: "row" }, h("strong", {}, request.identifier), h("span", { class: "meta" }, request.trigger ? request.trigger.type : "")),
      h("div", {}, request.content.title || ""),
      request.nextTriggerDate
        ? h("div", { class: "meta" }, "fires in ", h("span", { class: "countdown", dataset: { due: request.nextTriggerDate } }, countdown(request.nextTriggerDate)), ` (${formatDate(request.nextTriggerDate)})`)
        : h("div", { class: "meta" }, "waits for its trigger"),
      h("button", { class: "danger", onclick: () => attempt(async () => { await api("POST", `${path}/requests/remove`, { identifiers: [request.identifier] }); await refresh(); }, "Removed") }, "Remove"))));
    if (!pendingPage.requests.length) pending.replaceChildren(h("li", { class: "hint" }, "Nothing pending."));
    delivered.replaceChildren(...deliveredPage.notifications.map((notification) => h("li", { dataset: { identifier: notification.request.identifier } },
      h("strong", {}, notification.request.identifier), " ", h("span", { class: "meta" }, formatDate(notification.date)),
      h("div", {}, notification.request.content.title || ""),
      h("button", { class: "danger", onclick: () => attempt(async () => { await api("POST", `${path}/delivered/remove`, { identifiers: [notification.request.identifier] }); await refresh(); }, "Removed") }, "Remove"))));
    if (!deliveredPage.notifications.length) delivered.replaceChildren(h("li", { class: "hint" }, "Nothing delivered."));
    const { subscriptions } = await api("GET", `${path}/push-subscriptions`);
    browsers.replaceChildren(...subscriptions.map((subscription) => h("li", { dataset: { subscription: subscription.id } },
      h("strong", {}, new URL(subscription.endpoint).host), " ", h("span", { class: "meta" }, `since ${formatDate(subscription.createdAt)}, key ${subscription.vapidKeyID}`),
      h("button", { class: "danger", onclick: () => attempt(async () => { await api("DELETE", `${path}/push-subscriptions/${subscription.id}`); await refresh(); }, "Removed") }, "Remove"))));
    if (!subscriptions.length) browsers.replaceChildren(h("li", { class: "hint" }, "No browser subscribed."));
    const { devices } = await api("GET", `${path}/devices`);
    phones.replaceChildren(...devices.map((device) => h("li", { dataset: { device: device.id } },
      h("strong", {}, device.provider === "apns" ? "APNs" : "FCM"), " ", h("code", {}, `${device.token.slice(0, 12)}…`), " ",
      h("span", { class: "meta" }, `since ${formatDate(device.createdAt)}${device.environment ? `, ${device.environment}` : ""}`),
      h("button", { class: "danger", onclick: () => attempt(async () => { await api("DELETE", `${path}/devices/${device.id}`); await refresh(); }, "Removed") }, "Remove"))));
    if (!devices.length) phones.replaceChildren(h("li", { class: "hint" }, "No phone registered."));
  }
  const ask = h("form", { id: "ask-form", class: "row" },
    ["alert", "sound", "badge", "provisional", "criticalAlert", "timeSensitive"].map((option) =>
      h("label", { class: "inline" }, h("input", { type: "checkbox", name: option, checked: ["alert", "sound", "badge"].includes(option) }), option)),
    h("button", { type: "submit" }, "Ask for permission"));
  ask.addEventListener("submit", (event) => {
    event.preventDefault();
    const options = [...new FormData(ask).keys()];
    attempt(async () => {
      const result = await api("POST", `${path}/authorization`, { options });
      toast(result.prompt ? "The prompt is open on the user's screen" : `Status: ${result.status}`);
    });
  });
  const badge = h("form", { class: "row" }, h("label", {}, "Badge", h("input", { name: "count", type: "number", min: 0, value: center.badge })), h("button", { type: "submit" }, "Set badge"));
  badge.addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(() => api("PUT", `${path}/badge`, { count: Number(new FormData(badge).get("count")) }), "Badge set");
  });
  container.replaceChildren(h("section", { class: "card", "aria-labelledby": "center-title" },
    h("h2", { id: "center-title" }, `Center ${center.id}`),
    h("p", {}, h("span", { class: "pill" }, words(center.authorizationStatus)), " ", h("span", { class: "meta" }, `created ${formatDate(center.createdAt)}`)),
    ask, badge,
    h("h3", {}, "Schedule a notification"), scheduleForm(path, refresh),
    h("h3", {}, "Pending"), pending,
    h("h3", {}, "Delivered"), delivered,
    h("h3", {}, "Browsers (Web Push)"), browsers,
    h("h3", {}, "Phones (APNs, FCM)"), phones,
    h("button", { onclick: () => refresh().catch((error) => toast(error.message, true)) }, "Refresh")));
  await refresh();
}

function scheduleForm(path, refresh) {
  const triggerFields = h("div", { id: "trigger-fields" });
  const kind = h("select", { name: "trigger", id: "trigger-kind" },
    [["none", "None (deliver now)"], ["timeInterval", "Time interval"], ["calendar", "Calendar"], ["location", "Location"]].map(([value, label]) => h("option", { value }, label)));
  const showTrigger = () => {
    const fields = {
      none: [],
      timeInterval: [h("label", {}, "Seconds", h("input", { name: "seconds", type: "number", min: 1, step: "any", value: 60, required: true })),
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "repeats" }), "Repeats (at least 60 s)")],
      calendar: [h("div", { class: "row" },
        h("label", {}, "Hour", h("input", { name: "hour", type: "number", min: 0, max: 23, value: 9 })),
        h("label", {}, "Minute", h("input", { name: "minute", type: "number", min: 0, max: 59, value: 0 })),
        h("label", {}, "Weekday (1 = Sunday)", h("input", { name: "weekday", type: "number", min: 1, max: 7 }))),
        h("label", {}, "Time zone (empty: the center's)", h("input", { name: "calendarTimeZone", placeholder: "America/New_York" })),
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "repeats" }), "Repeats")],
      location: [h("div", { class: "row" },
        h("label", {}, "Latitude", h("input", { name: "latitude", type: "number", step: "any", required: true })),
        h("label", {}, "Longitude", h("input", { name: "longitude", type: "number", step: "any", required: true })),
        h("label", {}, "Radius (m)", h("input", { name: "radius", type: "number", min: 1, value: 100, required: true }))),
        h("label", {}, "Region id", h("input", { name: "region", value: "region", required: true })),
        h("label", { class: "inline" }, h("input", { type: "checkbox", name: "repeats" }), "Repeats")],
    };
    triggerFields.replaceChildren(...fields[kind.value]);
  };
  kind.addEventListener("change", showTrigger);
  const form = h("form", { id: "schedule-form" },
    h("div", { class: "row" },
      h("label", {}, "Identifier", h("input", { name: "identifier", required: true, placeholder: "reminder-1" })),
      h("label", {}, "Category", h("input", { name: "categoryIdentifier" })),
      h("label", {}, "Thread", h("input", { name: "threadIdentifier" }))),
    h("label", {}, "Title", h("input", { name: "title" })),
    h("label", {}, "Subtitle", h("input", { name: "subtitle" })),
    h("label", {}, "Body", h("input", { name: "body" })),
    h("div", { class: "row" },
      h("label", {}, "Sound", h("select", { name: "sound" }, h("option", { value: "" }, "none"), h("option", { value: "default" }, "default"))),
      h("label", {}, "Badge", h("input", { name: "badge", type: "number", min: 0 })),
      h("label", {}, "Interruption", h("select", { name: "interruptionLevel" },
        ["active", "passive", "timeSensitive", "critical"].map((value) => h("option", { value }, value))))),
    h("label", {}, "Attachment (image, audio or video)", h("input", { name: "attachment", type: "file", id: "attachment-file", accept: "image/*,audio/*,video/*" })),
    h("label", {}, "Trigger", kind), triggerFields,
    h("button", { type: "submit", class: "primary" }, "Schedule"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    attempt(async () => {
      const content = {};
      for (const name of ["title", "subtitle", "body", "categoryIdentifier", "threadIdentifier"]) if (data.get(name)) content[name] = data.get(name);
      if (data.get("sound")) content.sound = { type: "default" };
      if (data.get("badge")) content.badge = Number(data.get("badge"));
      if (data.get("interruptionLevel") !== "active") content.interruptionLevel = data.get("interruptionLevel");
      const file = data.get("attachment");
      if (file && file.size) {
        const media = await api("POST", "/v1/media", file);
        content.attachments = [{ identifier: file.name || "attachment", mediaID: media.id }];
      }
      const request = { identifier: data.get("identifier"), content };
      const repeats = data.get("repeats") === "on";
      if (kind.value === "timeInterval") request.trigger = { type: "timeInterval", timeInterval: Number(data.get("seconds")), repeats };
      if (kind.value === "calendar") {
        const dateComponents = { hour: Number(data.get("hour")), minute: Number(data.get("minute")) };
        if (data.get("weekday")) dateComponents.weekday = Number(data.get("weekday"));
        if (data.get("calendarTimeZone")) dateComponents.timeZone = data.get("calendarTimeZone");
        request.trigger = { type: "calendar", dateComponents, repeats };
      }
      if (kind.value === "location") {
        request.trigger = { type: "location", repeats, region: {
          identifier: data.get("region"), latitude: Number(data.get("latitude")), longitude: Number(data.get("longitude")), radius: Number(data.get("radius")) } };
      }
      await api("POST", `${path}/requests`, request);
      await refresh();
    }, "Scheduled");
  });
  showTrigger();
  return form;
}

/** A JSON editor for one resource: loads, shows, saves, and says what the server refused. */
function jsonEditor({ id, load, save, help }) {
  const area = h("textarea", { id, spellcheck: "false", "aria-label": help });
  const form = h("form", {}, h("p", { class: "hint" }, help), area, h("button", { type: "submit", class: "primary" }, "Save"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let value;
    try { value = JSON.parse(area.value); } catch (error) { toast(`Not JSON: ${error.message}`, true); return; }
    attempt(async () => { area.value = JSON.stringify(await save(value), null, 2); }, "Saved");
  });
  load().then((value) => { area.value = JSON.stringify(value, null, 2); }).catch((error) => toast(error.message, true));
  return form;
}

async function appCategories(panel) {
  panel.append(h("section", { class: "card" }, h("h2", {}, "Categories"), jsonEditor({
    id: "categories-json",
    help: "setNotificationCategories: each category with its actions (identifier, title, options, textInput).",
    load: async () => (await api("GET", "/v1/categories")).categories,
    save: async (categories) => (await api("PUT", "/v1/categories", { categories })).categories,
  })));
}

const WEBHOOK_EVENTS = {
  "notification.response": "The user answered a notification (didReceive)",
  "authorization.changed": "Authorization changed",
  "settings.changed": "Settings changed",
  "notification.removed": "The user removed a notification",
  "push.background": "A background push (didReceiveRemoteNotification)",
  "notification.delivered": "Every delivery (opt-in)",
  "webpush.subscription.removed": "A browser's subscription is gone",
  "device.unregistered": "A phone's registration is gone",
};

/** The app's webhook settings as PUT takes them back: secrets by id (write-only), without the read-only parts. */
async function loadWebhookSettings() {
  const view = await api("GET", "/v1/webhooks");
  delete view.disabledEndpoints;
  delete view.endpoints;
  view.secrets = view.secrets.map((secret) => secret.id);
  return view;
}

/** A new Standard Webhooks secret: whsec_ and the base64 of 32 random bytes, made in this browser. */
function newWebhookSecret() {
  return `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
}

/** The webhook settings a person changes most, as a form; the rest stays as it is (the JSON editor has it). */
function webhookForm() {
  const form = h("form", { id: "webhook-form" });
  async function render() {
    const settings = await loadWebhookSettings();
    const secretInput = h("input", { name: "secret", id: "webhook-secret", placeholder: "whsec_…", autocomplete: "off" });
    form.replaceChildren(
      h("label", {}, "Delegate URL (willPresent and the events)",
        h("input", { name: "delegateURL", type: "url", value: settings.delegateURL || "", placeholder: "https://app.example.com/hooks" })),
      h("fieldset", {}, h("legend", {}, "Events"),
        Object.entries(WEBHOOK_EVENTS).map(([type, label]) => h("label", { class: "inline" },
          h("input", { type: "checkbox", name: "events", value: type, checked: settings.events.includes(type) }), label))),
      h("label", {}, "willPresent time-out (seconds, 0.1–10)",
        h("input", { name: "willPresentTimeout", type: "number", min: 0.1, max: 10, step: 0.1, value: settings.willPresentTimeout })),
      h("p", { class: "hint" }, settings.secrets.length ? `Signing secrets set: ${settings.secrets.join(", ")} (write-only).` : "No signing secret yet: a URL needs one."),
      h("div", { class: "row" }, h("label", {}, "Add a signing secret", secretInput),
        h("button", { type: "button", onclick: () => { secretInput.value = newWebhookSecret(); } }, "Generate")),
      h("button", { type: "submit", class: "primary" }, "Save"));
    form.onsubmit = (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const secret = String(data.get("secret") || "").trim();
      attempt(async () => {
        const changed = { ...settings, delegateURL: String(data.get("delegateURL") || "").trim() || undefined,
          events: data.getAll("events"), willPresentTimeout: Number(data.get("willPresentTimeout")) };
        changed.secrets = secret ? [...settings.secrets, secret] : settings.secrets;
        await api("PUT", "/v1/webhooks", changed);
        await render();
      }, secret ? "Saved; keep the new secret: it is not shown again" : "Saved");
    };
  }
  render().catch((error) => toast(error.message, true));
  return form;
}

/** What a delivery is about, from its payload: the notification's identifier (and center), or nothing. */
function deliverySubject(delivery) {
  let body;
  try { body = JSON.parse(delivery.payload); } catch { return null; }
  const data = body.data || body;
  const request = (data.notification && data.notification.request) || data.request;
  const identifier = (request && request.identifier) || data.identifier || (data.identifiers && data.identifiers.join(", "));
  const center = data.centerID || body.centerID;
  if (!identifier && !center) return null;
  return [identifier ? `“${identifier}”` : null, center ? `on ${center}` : null].filter(Boolean).join(" ");
}

const DESTINATIONS = { webhook: "Webhook", browser: "Browser (Web Push)", phone: "Phone (APNs/FCM)" };

async function appWebhooks(panel) {
  const log = h("div", { id: "deliveries" });
  const destination = h("select", { id: "delivery-destination", "aria-label": "Destination" },
    h("option", { value: "" }, "Every destination"),
    Object.entries(DESTINATIONS).map(([value, label]) => h("option", { value }, label)));
  destination.addEventListener("change", () => loadLog().catch((error) => toast(error.message, true)));
  async function loadLog() {
    const filter = destination.value ? `&destination=${destination.value}` : "";
    const page = await api("GET", `/v1/webhooks/deliveries?limit=100${filter}`);
    if (!page.deliveries.length) { log.replaceChildren(h("p", { class: "hint" }, "No deliveries yet.")); return; }
    log.replaceChildren(h("ul", { class: "list" }, page.deliveries.slice().reverse().map((delivery) => h("li", { dataset: { delivery: delivery.id, destination: delivery.destination } },
      h("div", { class: "row" }, h("span", { class: "pill" }, DESTINATIONS[delivery.destination] || delivery.destination), h("strong", {}, delivery.type),
        h("span", { class: "subject" }, deliverySubject(delivery) || ""),
        h("span", { class: `pill ${delivery.status === "delivered" ? "ok" : delivery.status === "failed" ? "bad" : ""}` }, delivery.status),
        h("span", { class: "meta" }, `${delivery.attemptCount} attempt(s) · ${formatDate(delivery.createdAt)}`),
        h("button", { onclick: () => attempt(async () => { await api("POST", `/v1/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`); await loadLog(); }, "Replayed") }, "Replay")),
      h("div", { class: "meta" }, delivery.recipientID ? `${delivery.url} → ${delivery.recipientID}` : delivery.url),
      h("details", {}, h("summary", {}, "Body and attempts"), h("pre", {}, delivery.payload),
        h("table", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "at"), h("th", {}, "status"), h("th", {}, "ms"), h("th", {}, "error")),
          (delivery.attempts || []).map((call) => h("tr", {}, h("td", {}, call.number), h("td", {}, formatDate(call.at)),
            h("td", {}, call.statusCode ?? ""), h("td", {}, call.durationMilliseconds), h("td", {}, call.error || "")))))))));
  }
  const advanced = h("details", { id: "webhooks-advanced" },
    h("summary", {}, "Advanced (JSON): service and content extensions, retry delays"), jsonEditor({
      id: "webhooks-json",
      help: "delegateURL, secrets (a new whsec_…, or the whsk_ id of one set now: secrets are write-only), events, willPresentTimeout, serviceExtension, contentExtensions, retryDelays.",
      load: loadWebhookSettings,
      save: (settings) => api("PUT", "/v1/webhooks", settings),
    }));
  panel.append(h("div", { class: "grid" },
    h("section", { class: "card" }, h("h2", {}, "Webhook settings"), webhookForm(), advanced),
    h("section", { class: "card" }, h("div", { class: "row" }, h("h2", {}, "Delivery log"), destination,
      h("button", { onclick: () => loadLog().catch((error) => toast(error.message, true)) }, "Refresh")), log)));
  await loadLog();
}

// The app's APNs and FCM credentials: write-only, so the list shows what identifies each (its public key's
// fingerprint), never the key; the forms read the files Apple and Firebase issue.
async function appPhones(panel) {
  const list = h("ul", { class: "list", id: "relay-credentials" });
  async function refresh() {
    const { credentials } = await api("GET", "/v1/relay/credentials");
    list.replaceChildren(...credentials.map((credential) => h("li", { dataset: { provider: credential.provider } },
      h("div", { class: "row" }, h("strong", {}, credential.provider === "apns" ? "APNs" : "FCM"), h("code", { class: "fingerprint" }, credential.fingerprint),
        h("button", { class: "danger", onclick: () => attempt(async () => { await api("DELETE", `/v1/relay/credentials/${credential.provider}`); await refresh(); }, "Removed") }, "Remove")),
      h("div", { class: "meta" }, credential.apns
        ? `key ${credential.apns.keyID} · team ${credential.apns.teamID} · ${credential.apns.topic} · ${credential.apns.environment}`
        : `project ${credential.fcm.projectID} · ${credential.fcm.clientEmail}`, ` · set ${formatDate(credential.createdAt)} (${credential.id})`))));
    if (!credentials.length) list.replaceChildren(h("li", { class: "hint" }, "No credential: phones get nothing yet."));
  }
  const fileText = (input) => input.files[0] ? input.files[0].text() : Promise.resolve("");
  const apns = h("form", { id: "apns-form" },
    h("label", {}, "Key ID", h("input", { name: "keyID", required: true, placeholder: "ABC123DEFG" })),
    h("label", {}, "Team ID", h("input", { name: "teamID", required: true })),
    h("label", {}, "Bundle ID", h("input", { name: "topic", required: true, placeholder: "com.example.app" })),
    h("label", {}, "Environment", h("select", { name: "environment" }, h("option", { value: "production" }, "production"), h("option", { value: "sandbox" }, "sandbox"))),
    h("label", {}, "Key (.p8)", h("input", { id: "apns-key-file", type: "file", accept: ".p8,.pem" })),
    h("button", { type: "submit", class: "primary" }, "Set APNs key"));
  apns.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData(apns);
    attempt(async () => {
      await api("PUT", "/v1/relay/credentials/apns", { keyID: form.get("keyID"), teamID: form.get("teamID"), topic: form.get("topic"),
        environment: form.get("environment"), privateKey: await fileText($("#apns-key-file")) });
      apns.reset();
      await refresh();
    }, "APNs key set");
  });
  const fcm = h("form", { id: "fcm-form" },
    h("label", {}, "Service account (.json)", h("input", { id: "fcm-account-file", type: "file", accept: ".json" })),
    h("button", { type: "submit", class: "primary" }, "Set FCM service account"));
  fcm.addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      let serviceAccount;
      try { serviceAccount = JSON.parse(await fileText($("#fcm-account-file"))); } catch { throw new Error("The file is not JSON: choose the service account's key file."); }
      await api("PUT", "/v1/relay/credentials/fcm", { serviceAccount });
      fcm.reset();
      await refresh();
    }, "FCM service account set");
  });
  panel.append(h("div", { class: "grid" },
    h("section", { class: "card" }, h("h2", {}, "Credentials"), h("p", { class: "hint" }, "Write-only: once set, a key is shown by its fingerprint (sha256 of its public key) only."), list),
    h("section", { class: "card" }, h("h2", {}, "APNs (iOS)"), apns),
    h("section", { class: "card" }, h("h2", {}, "FCM (Android)"), fcm)));
  await refresh();
}

async function appStrings(panel) {
  const overview = await api("GET", "/v1/localizations");
  const editorSlot = h("div");
  const locale = h("input", { name: "locale", placeholder: "en", value: overview.locales[0] || "" });
  const open = h("form", { class: "row" }, h("label", {}, "Locale", locale), h("button", { type: "submit" }, "Open"));
  const show = () => editorSlot.replaceChildren(jsonEditor({
    id: "strings-json", help: `The string table of ${locale.value}: {"strings": {"KEY": "text with %@"}}.`,
    load: () => api("GET", `/v1/localizations/${encodeURIComponent(locale.value)}`).catch((error) => (error.status === 404 ? { strings: {} } : Promise.reject(error))),
    save: (table) => api("PUT", `/v1/localizations/${encodeURIComponent(locale.value)}`, table),
  }));
  open.addEventListener("submit", (event) => { event.preventDefault(); show(); });
  panel.append(h("section", { class: "card" }, h("h2", {}, "String tables"),
    h("p", {}, `Locales: ${overview.locales.join(", ") || "none"}; default: ${overview.defaultLocale || "none"}.`), open, editorSlot));
  if (locale.value) show();
}

async function appMedia(panel) {
  const usage = await api("GET", "/v1/media");
  const percent = usage.quotaBytes ? Math.round((usage.bytes / usage.quotaBytes) * 1000) / 10 : 0;
  panel.append(h("section", { class: "card" }, h("h2", {}, "Media"),
    h("p", {}, `${usage.count} file(s), ${usage.bytes.toLocaleString()} bytes of ${usage.quotaBytes.toLocaleString()} (${percent} %).`),
    h("progress", { max: usage.quotaBytes || 1, value: usage.bytes, "aria-label": "Quota used" })));
}

// ---- operator: apps, keys, the clock ------------------------------------------------------------------

async function operatorView() {
  $("#who").textContent = "Operator";
  const clock = h("section", { class: "card", id: "clock" });
  const apps = h("section", { class: "card" });
  $("#view").replaceChildren(h("div", { class: "grid" }, clock, apps));
  await Promise.all([renderClock(clock), renderApps(apps)]);
}

async function renderClock(section) {
  const now = await readClock();
  const buttons = now.virtual ? h("div", { class: "actions" },
    [["+1 min", 60], ["+1 h", 3600], ["+1 day", 86400]].map(([label, seconds]) => h("button", {
      dataset: { advance: seconds },
      onclick: () => attempt(async () => { await api("POST", "/v1/clock", { advanceBy: seconds }); await renderClock(section); }, `Clock moved ${label}`),
    }, label))) : h("p", { class: "hint" }, "The real clock: start with --virtual-clock 1 to move time from here.");
  const custom = h("form", { class: "row", hidden: !now.virtual },
    h("label", {}, "Seconds", h("input", { name: "seconds", type: "number", min: 0, step: "any", id: "advance-seconds" })),
    h("button", { type: "submit" }, "Advance"));
  custom.addEventListener("submit", (event) => {
    event.preventDefault();
    const seconds = Number(new FormData(custom).get("seconds"));
    attempt(async () => { await api("POST", "/v1/clock", { advanceBy: seconds }); await renderClock(section); }, `Clock moved ${seconds} s`);
  });
  section.replaceChildren(h("h2", {}, now.virtual ? "Virtual clock" : "Clock"), h("p", { id: "clock-now", class: "countdown" }, formatDate(now.now)), buttons, custom);
}

async function renderApps(section) {
  const list = h("ul", { class: "list", id: "apps" });
  const form = h("form", { id: "create-app-form" },
    h("div", { class: "row" },
      h("label", {}, "Name", h("input", { name: "name", required: true })),
      h("label", {}, "Permission", h("select", { name: "authorizationPolicy" }, ["prompt", "grant", "deny"].map((value) => h("option", { value }, value))))),
    h("button", { type: "submit", class: "primary" }, "Create app"));
  const issued = h("div", { id: "issued-key" });
  async function load() {
    const apps = [];
    let cursor = null;
    do {
      const page = await api("GET", `/v1/apps?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      apps.push(...page.apps);
      cursor = page.nextCursor;
    } while (cursor);
    list.replaceChildren(...(await Promise.all(apps.map(async (app) => {
      const keys = (await api("GET", `/v1/apps/${app.id}/keys`)).keys;
      return h("li", { dataset: { app: app.id } },
        h("div", { class: "row" }, h("strong", {}, app.name), h("code", {}, app.id), h("span", { class: "pill" }, app.authorizationPolicy)),
        h("ul", { class: "list" }, keys.map((key) => h("li", { class: "row" }, h("code", {}, `unk_${key.id}_…`), h("span", { class: "meta" }, formatDate(key.createdAt)),
          h("button", { class: "danger", onclick: () => attempt(async () => { await api("DELETE", `/v1/apps/${app.id}/keys/${key.id}`); await load(); }, "Key revoked") }, "Revoke")))),
        h("div", { class: "actions" },
          h("button", { dataset: { issue: app.id }, onclick: () => attempt(async () => {
            const key = await api("POST", `/v1/apps/${app.id}/keys`);
            issued.replaceChildren(h("p", {}, `A key for ${app.name}, shown once — sign in as the app with it:`), secret("app-key", key.key));
            await load();
          }, "Key issued") }, "Issue key"),
          h("button", { class: "danger", onclick: () => { if (confirm(`Delete ${app.name} and everything it holds?`)) attempt(async () => { await api("DELETE", `/v1/apps/${app.id}`); await load(); }, "App deleted"); } }, "Delete app")));
    }))));
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    attempt(async () => {
      const app = await api("POST", "/v1/apps", { name: data.get("name"), authorizationPolicy: data.get("authorizationPolicy") });
      const key = await api("POST", `/v1/apps/${app.id}/keys`);
      issued.replaceChildren(h("p", {}, `${app.name}'s first key, shown once — sign in as the app with it:`), secret("app-key", key.key));
      form.reset();
      await load();
    }, "App created");
  });
  section.replaceChildren(h("h2", {}, "Apps"), form, issued, list);
  await load();
}

// ---- start ------------------------------------------------------------------------------------------------

if (session) start();
else showSignIn();
