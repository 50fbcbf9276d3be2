// The console for an app: its centers and their schedules, categories, webhooks, phones, strings and media.

import { h, $, toast, api, attempt, secret, words, formatDate, countdown, tabs, readClock, receiptsTimeline } from "./common.js";

// ---- app: its centers, schedule, categories, webhooks, strings, media ------------------------------------

export async function appView() {
  await readClock();
  $("#who").textContent = "App";
  $("#view").replaceChildren(tabs(["Centers", "Broadcasts", "Categories", "Webhooks", "Phones", "Strings", "Media"], (name, panel) => {
    const renderers = {
      Centers: appCenters, Broadcasts: appBroadcasts, Categories: appCategories, Webhooks: appWebhooks, Phones: appPhones, Strings: appStrings,
      Media: appMedia,
    };
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
      h("button", { class: "receipts-button", onclick: (event) => attempt(async () => showReceipts(event.target, `${path}/delivered/${encodeURIComponent(notification.request.identifier)}/receipts`)) }, "Receipts"),
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

// ---- topics and broadcasts ----------------------------------------------------------------------------------

/** The app's topics (with their subscribers), a form that sends one request to many centers, and each
 * broadcast's progress: its status, when its next zone comes, and what the members' centers decided. */
async function appBroadcasts(panel) {
  const topics = h("ul", { class: "list", id: "topics" });
  const broadcasts = h("ul", { class: "list", id: "broadcasts" });
  const topicChoice = h("select", { name: "topic", id: "broadcast-topic" });
  async function refresh() {
    await readClock();
    const [topicPage, broadcastPage] = await Promise.all([api("GET", "/v1/topics?limit=100"), api("GET", "/v1/broadcasts?limit=20")]);
    topics.replaceChildren(...topicPage.topics.map((topic) => h("li", { dataset: { topic: topic.identifier } },
      h("strong", {}, topic.displayName), " ", h("code", {}, topic.identifier), " ",
      h("span", { class: "pill subscribers" }, `${topic.subscriberCount} subscriber${topic.subscriberCount === 1 ? "" : "s"}`),
      h("button", { class: "danger", onclick: () => attempt(async () => { await api("DELETE", `/v1/topics/${encodeURIComponent(topic.identifier)}`); await refresh(); }, "Topic deleted") }, "Delete"))));
    if (!topicPage.topics.length) topics.replaceChildren(h("li", { class: "hint" }, "No topic yet."));
    topicChoice.replaceChildren(...topicPage.topics.map((topic) => h("option", { value: topic.identifier }, topic.displayName)));
    broadcasts.replaceChildren(...broadcastPage.broadcasts.map(broadcastItem));
    if (!broadcastPage.broadcasts.length) broadcasts.replaceChildren(h("li", { class: "hint" }, "Nothing sent yet."));
    // While one is under way its progress is followed, as long as this tab is shown.
    clearTimeout(following);
    if (broadcastPage.broadcasts.some((broadcast) => broadcast.status === "scheduled" || broadcast.status === "firing")) {
      following = setTimeout(() => { if (panel.isConnected) refresh().catch((error) => toast(error.message, true)); }, 2000);
    }
  }
  let following;
  function broadcastItem(broadcast) {
    const { counts } = broadcast;
    const audience = broadcast.audience.topic ? `topic ${broadcast.audience.topic}`
      : broadcast.audience.all ? "every center" : `${broadcast.audience.centers.length} centers`;
    const active = broadcast.status === "scheduled" || broadcast.status === "firing";
    return h("li", { dataset: { broadcast: broadcast.id, status: broadcast.status } },
      h("div", { class: "row" }, h("strong", {}, broadcast.request.identifier), h("span", { class: "pill status" }, broadcast.status),
        h("span", { class: "meta" }, `${audience} · made ${formatDate(broadcast.createdAt)}`)),
      h("div", {}, broadcast.request.content.title || ""),
      broadcast.nextFireDate ? h("div", { class: "meta" }, "next zone in ", h("span", { class: "countdown", dataset: { due: broadcast.nextFireDate } }, countdown(broadcast.nextFireDate)), ` (${formatDate(broadcast.nextFireDate)})`) : null,
      h("div", { class: "counts" }, ["targeted", "presented", "quiet", "notAuthorized", "failed"].map((name) =>
        h("span", { class: "count", dataset: { count: name } }, `${words(name)}: `, h("strong", {}, String(counts[name]))))),
      active ? h("button", { class: "danger", onclick: () => attempt(async () => { await api("POST", `/v1/broadcasts/${broadcast.id}/cancel`); await refresh(); }, "Canceled") }, "Cancel") : null);
  }
  const topicForm = h("form", { id: "create-topic-form", class: "row" },
    h("label", {}, "Topic id", h("input", { name: "identifier", required: true, placeholder: "episodes", pattern: "[A-Za-z0-9._\\-]{1,64}" })),
    h("label", {}, "Display name", h("input", { name: "displayName", placeholder: "New episodes" })),
    h("button", { type: "submit", class: "primary" }, "Create topic"));
  topicForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(topicForm);
    attempt(async () => {
      await api("POST", "/v1/topics", { identifier: data.get("identifier"), ...(data.get("displayName") ? { displayName: data.get("displayName") } : {}) });
      topicForm.reset();
      await refresh();
    }, "Topic created");
  });
  const subscribeForm = h("form", { id: "subscribe-center-form", class: "row" },
    h("label", {}, "Center id", h("input", { name: "center", required: true, placeholder: "phone-1" })),
    h("label", {}, "Topic id", h("input", { name: "topic", required: true })),
    h("button", { type: "submit" }, "Subscribe center"));
  subscribeForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(subscribeForm);
    attempt(async () => {
      await api("PUT", `/v1/centers/${encodeURIComponent(data.get("center"))}/topics/${encodeURIComponent(data.get("topic"))}`);
      await refresh();
    }, "Subscribed");
  });
  const audience = h("select", { name: "audience", id: "broadcast-audience" },
    [["topic", "A topic's subscribers"], ["all", "Every center"], ["centers", "These centers"]].map(([value, label]) => h("option", { value }, label)));
  const trigger = h("select", { name: "trigger", id: "broadcast-trigger" },
    [["none", "Now"], ["timeInterval", "After some seconds"], ["calendar", "At a time in each member's own time zone"]].map(([value, label]) => h("option", { value }, label)));
  // Only the fields the chosen audience and time need are shown.
  const shown = {
    topic: h("label", {}, "Topic", topicChoice),
    centers: h("label", {}, "Center ids (comma-separated)", h("input", { name: "centers", placeholder: "phone-1, phone-2" })),
    timeInterval: h("label", {}, "Seconds", h("input", { name: "seconds", type: "number", min: 1, value: 60 })),
    calendar: h("div", { class: "row" },
      h("label", {}, "Hour", h("input", { name: "hour", type: "number", min: 0, max: 23, value: 9 })),
      h("label", {}, "Minute", h("input", { name: "minute", type: "number", min: 0, max: 59, value: 0 }))),
  };
  const showFields = () => {
    shown.topic.hidden = audience.value !== "topic";
    shown.centers.hidden = audience.value !== "centers";
    shown.timeInterval.hidden = trigger.value !== "timeInterval";
    shown.calendar.hidden = trigger.value !== "calendar";
  };
  audience.addEventListener("change", showFields);
  trigger.addEventListener("change", showFields);
  showFields();
  const sendForm = h("form", { id: "broadcast-form" },
    h("div", { class: "row" },
      h("label", {}, "Identifier", h("input", { name: "identifier", required: true, placeholder: "episode-42" })),
      h("label", {}, "Audience", audience), shown.topic, shown.centers),
    h("label", {}, "Title", h("input", { name: "title", required: true })),
    h("label", {}, "Body", h("input", { name: "body" })),
    h("div", { class: "row" }, h("label", {}, "When", trigger), shown.timeInterval), shown.calendar,
    h("p", { class: "hint" }, "Each member gets it as add(_:) on its own center would; members are read when their firing comes."),
    h("button", { type: "submit", class: "primary" }, "Send broadcast"));
  sendForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(sendForm);
    attempt(async () => {
      const content = { title: data.get("title"), ...(data.get("body") ? { body: data.get("body") } : {}) };
      const request = { identifier: data.get("identifier"), content };
      if (trigger.value === "timeInterval") request.trigger = { type: "timeInterval", timeInterval: Number(data.get("seconds")), repeats: false };
      if (trigger.value === "calendar") request.trigger = { type: "calendar", dateComponents: { hour: Number(data.get("hour")), minute: Number(data.get("minute")) }, repeats: false };
      const target = audience.value === "topic" ? { topic: topicChoice.value } : audience.value === "all" ? { all: true }
        : { centers: String(data.get("centers")).split(",").map((id) => id.trim()).filter(Boolean) };
      const made = await api("POST", "/v1/broadcasts", { request, audience: target });
      if (made.replaced.length) toast(`It replaces ${made.replaced.join(", ")} where it has not fired`);
      await refresh();
    }, "Broadcast sent");
  });
  panel.append(h("div", { class: "grid" },
    h("section", { class: "card", "aria-labelledby": "topics-title" }, h("h2", { id: "topics-title" }, "Topics"), topicForm, topics, subscribeForm),
    h("section", { class: "card", "aria-labelledby": "broadcasts-title" }, h("h2", { id: "broadcasts-title" }, "Broadcasts"), sendForm,
      h("h3", {}, "Sent"), broadcasts,
      h("button", { id: "refresh-broadcasts", onclick: () => refresh().catch((error) => toast(error.message, true)) }, "Refresh"))));
  await refresh();
}

/** Shows (or refreshes) a delivered notification's receipts under its entry. */
async function showReceipts(button, url) {
  const item = button.closest("li");
  const timeline = await receiptsTimeline(url);
  const shown = item.querySelector(".receipts");
  if (shown) shown.replaceWith(timeline); else item.append(timeline);
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
  "notification.displayed": "A device showed a notification (opt-in)",
  "notification.held": "A notification waits for the user's Scheduled Summary",
  "summary.delivered": "A Scheduled Summary came",
  "broadcast.completed": "A broadcast's date came in every zone",
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
