// The console for a center's user: the phone, its settings and notifications, and Web Push to this browser.

import { DEFAULT_ACTION, DISMISS_ACTION, PUSH_SETUP_SECONDS, h, $, toast, session, api, attempt, busy, withTimeout, words, formatDate, attachmentElement } from "./common.js";

// ---- user: the phone ----------------------------------------------------------------------------------

export const user = { center: null, categories: [], lastEventID: null };

/** The app's name, as the person reads it (its id only when the server did not say). */
function appName() {
  return user.center.appName || user.center.appID;
}

export async function userView() {
  user.center = await api("GET", "/v1/me");
  user.categories = (await api("GET", "/v1/me/categories")).categories;
  $("#who").textContent = `${appName()} on ${user.center.id}`;
  const badge = h("span", { id: "badge", class: "badge", title: "Badge", hidden: !user.center.badge }, user.center.badge);
  const status = h("span", { id: "authorization-status", class: "pill", dataset: { status: user.center.authorizationStatus } },
    words(user.center.authorizationStatus));
  $("#view").replaceChildren(
    h("section", { class: "card" }, h("div", { class: "row" }, h("h1", {}, "My phone"), badge, status)),
    h("div", { class: "grid" },
      h("section", { class: "card", "aria-labelledby": "nc-title" }, h("h2", { id: "nc-title" }, "Notification Center"),
        h("div", { id: "summary" }), h("div", { id: "delivered" })),
      h("section", { class: "card", "aria-labelledby": "settings-title" }, h("h2", { id: "settings-title" }, "Notifications settings"), h("form", { id: "settings-form" })),
      h("section", { class: "card", "aria-labelledby": "device-title" }, h("h2", { id: "device-title" }, "Device"), deviceForm(), locationForm()),
      h("section", { class: "card", "aria-labelledby": "focus-title" }, h("h2", { id: "focus-title" }, "Focus and Scheduled Summary"), focusForm()),
      h("section", { class: "card", "aria-labelledby": "topics-title" }, h("h2", { id: "topics-title" }, "Topics"), topicsForm(),
        h("ul", { class: "list", id: "my-topics" })),
      h("section", { class: "card", "aria-labelledby": "push-title" }, h("h2", { id: "push-title" }, "This browser"), pushControl(),
        h("ul", { class: "list", id: "push-subscriptions" }))));
  await Promise.all([renderDelivered(), renderSettings(), renderSubscriptions(), renderTopics()]);
  if (user.center.prompt) showPrompt(user.center.prompt);
  streamEvents();
}

// ---- user: the app's topics this phone follows ------------------------------------------------------------

/** Follows one of the app's topics by its id (the app says which it has): its broadcasts come here. */
function topicsForm() {
  const form = h("form", { id: "subscribe-topic-form", class: "row" },
    h("label", {}, "Topic id", h("input", { name: "topic", required: true, placeholder: "episodes" })),
    h("button", { type: "submit" }, "Follow"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const topic = new FormData(form).get("topic");
    attempt(async () => {
      showTopics((await api("PUT", `/v1/me/topics/${encodeURIComponent(topic)}`)).topics);
      form.reset();
    }, `Following ${topic}`);
  });
  return form;
}

async function renderTopics() {
  showTopics((await api("GET", "/v1/me/topics")).topics);
}

function showTopics(topics) {
  $("#my-topics").replaceChildren(...topics.map((topic) => h("li", { dataset: { topic } }, h("strong", {}, topic), " ",
    h("button", { class: "danger", onclick: () => attempt(async () => {
      showTopics((await api("DELETE", `/v1/me/topics/${encodeURIComponent(topic)}`)).topics);
    }, `No longer following ${topic}`) }, "Unfollow"))));
  if (!topics.length) $("#my-topics").replaceChildren(h("li", { class: "hint" }, "Following no topic."));
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
    h("div", { class: "row" },
      h("label", {}, "Locale", h("input", { name: "locale", value: state.locale || "", placeholder: "en_US" })),
      h("label", {}, "Time zone", h("input", { name: "timeZone", value: state.timeZone || "", placeholder: "Europe/Paris" }))),
    h("button", { type: "submit" }, "Update device"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const change = { appState: data.get("appState"), locked: data.get("locked") === "on" };
    if (data.get("locale")) change.locale = data.get("locale");
    if (data.get("timeZone")) change.timeZone = data.get("timeZone");
    attempt(() => api("PATCH", "/v1/me/state", change), "Device updated");
  });
  return form;
}

/** The Focus this phone has (what it lets through, when it is on) and the Scheduled Summary's times. */
function focusForm() {
  const state = user.center.state || {};
  const focus = state.focus || {};
  const list = (text) => text.split(",").map((item) => item.trim()).filter(Boolean);
  const form = h("form", { id: "focus-form" },
    h("p", { class: "hint", id: "focus-status" }, user.center.isFocused ? `${focus.name} is on.` : "No Focus is on."),
    h("label", {}, "Focus (empty: none)", h("input", { name: "name", value: focus.name || "", placeholder: "Sleep" })),
    h("label", { class: "inline" }, h("input", { type: "checkbox", name: "allowsApp", checked: !!focus.allowsApp }), `Allow ${appName()}`),
    h("label", { class: "inline" }, h("input", { type: "checkbox", name: "allowsTimeSensitive", checked: focus.allowsTimeSensitive !== false }), "Time-sensitive notifications"),
    h("label", {}, "Allowed people (handles, comma-separated)", h("input", { name: "allowedPeople", value: (focus.allowedPeople || []).join(", ") })),
    h("div", { class: "row" },
      h("label", {}, "On from", h("input", { name: "start", type: "time", value: focus.schedule ? focus.schedule.start : "" })),
      h("label", {}, "until", h("input", { name: "end", type: "time", value: focus.schedule ? focus.schedule.end : "" }))),
    h("label", {}, "Summary times (comma-separated)", h("input", { name: "summaryTimes", value: (state.summaryTimes || ["08:00", "18:00"]).join(", ") })),
    h("button", { type: "submit" }, "Save"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    let next = null;
    if (data.get("name")) {
      next = { name: data.get("name"), allowsApp: data.get("allowsApp") === "on", allowsTimeSensitive: data.get("allowsTimeSensitive") === "on" };
      const people = list(data.get("allowedPeople"));
      if (people.length) next.allowedPeople = people;
      if (data.get("start") && data.get("end")) next.schedule = { start: data.get("start"), end: data.get("end") };
    }
    attempt(async () => {
      user.center.state = await api("PATCH", "/v1/me/state", { focus: next, summaryTimes: list(data.get("summaryTimes")) });
      user.center = await api("GET", "/v1/me");
      $("#focus-status").textContent = user.center.isFocused ? `${next.name} is on.` : "No Focus is on.";
    }, "Focus and summary saved");
  });
  return form;
}

/** The last Scheduled Summary, as the phone shows it: its groups, the most relevant first. */
function showSummary(summary) {
  $("#summary").replaceChildren(h("div", { class: "scheduled-summary", id: "summary-card", dataset: { featured: summary.featured } },
    h("h3", {}, `Scheduled Summary · ${summary.count} notification${summary.count === 1 ? "" : "s"}`),
    h("div", { class: "meta" }, formatDate(summary.date)),
    ...summary.groups.map((group) => h("div", { class: "thread" },
      h("div", { class: "title" }, group.summary),
      h("ul", { class: "list" }, group.items.map((item) => h("li", { dataset: { identifier: item.identifier } },
        item.title && h("div", { class: "title" }, item.title), item.body && h("div", {}, item.body))))))));
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
  const held = page.notifications.filter((notification) => notification.presentation.heldUntil);
  const next = held.length ? h("div", { class: "row", id: "held" },
    h("p", { class: "hint" }, `${held.length} held for the summary at ${formatDate(held[0].presentation.heldUntil)}.`),
    h("button", { id: "show-summary", onclick: () => attempt(async () => {
      const summary = await api("POST", "/v1/me/summary");
      if (summary) showSummary(summary);
      await renderDelivered();
    }, "Summary shown") }, "Show next summary")) : null;
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
      const heldUntil = notification.presentation.heldUntil;
      items.push(h("li", { class: "notification", dataset: { identifier, held: heldUntil ? "true" : "false" } },
        h("div", { class: "meta" }, formatDate(notification.date), heldUntil ? ` · in the summary at ${formatDate(heldUntil)}` : ""),
        ...notificationBody(notification),
        ...(await attachmentsOf(notification)),
        actionButtons(notification),
        h("div", { class: "actions" },
          h("button", { onclick: () => respond(identifier, DEFAULT_ACTION) }, "Open"),
          h("button", { class: "quiet", onclick: () => respond(identifier, DISMISS_ACTION) }, "Clear"))));
    }
    sections.push(h("div", { class: "thread" }, thread ? h("h3", {}, `Thread ${thread}`) : null, h("ul", { class: "list" }, items)));
  }
  container.replaceChildren(...[next, ...sections].filter(Boolean));
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
    case "summaryDelivered": showSummary(data); break;
    case "deliveredRemoved":
      for (const identifier of data.identifiers) $(`.banner[data-identifier="${CSS.escape(identifier)}"]`)?.remove();
      await renderDelivered();
      break;
    case "reset": await Promise.all([renderDelivered(), renderSettings()]); break;
    default: break;
  }
}
