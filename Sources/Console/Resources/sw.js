// usernotifyd's service worker: shows the service's Web Pushes as notifications with the category's
// actions, confirms that it showed them and answers them (the push's token is the only credential), closes what left the list on another
// device or by the app, keeps the app badge, renews the subscription when the browser changes it and
// removes it at sign-out. The payload is openapi.yaml's WebPushPayload. The one credential it keeps (Cache
// Storage) is the subscription's token: it renews or removes this browser's subscription and nothing else.

const DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier";
const DISMISS_ACTION = "com.apple.UNNotificationDismissActionIdentifier";
const DEVICE = "/console/device";  // this browser's subscription token (wpn_…)

self.addEventListener("install", () => self.skipWaiting());
// An earlier console kept the center token here: it goes.
self.addEventListener("activate", (event) => event.waitUntil(
  deviceToken().then((token) => token && !token.startsWith("wpn_") && keepDeviceToken(null)).then(() => self.clients.claim())));

self.addEventListener("push", (event) => {
  let payload = null;
  try { payload = event.data ? event.data.json() : null; } catch { /* not ours */ }
  event.waitUntil(show(payload));
});

async function show(payload) {
  if (!payload) return;
  if (payload.kind === "close") {
    for (const tag of payload.tags || []) {
      for (const notification of await self.registration.getNotifications({ tag })) notification.close();
    }
    return;
  }
  const limit = self.Notification && Notification.maxActions ? Notification.maxActions : 2;
  await self.registration.showNotification(payload.title || "", {
    body: [payload.subtitle, payload.body].filter(Boolean).join("\n"),
    tag: payload.tag,
    renotify: true,
    timestamp: payload.timestamp,
    silent: !!payload.silent,
    requireInteraction: !!payload.requireInteraction,
    image: payload.image,
    icon: "/console/icon.svg",
    actions: (payload.actions || []).slice(0, limit).map(({ action, title }) => ({ action, title })),
    data: payload,
  });
  // Shown: the receipt says so (the push's token confirms its display once, apart from answering it).
  if (payload.token) await post("/v1/displays", { token: payload.token }).catch(() => {});
  if (payload.badge !== undefined && self.navigator.setAppBadge) {
    await self.navigator.setAppBadge(payload.badge).catch(() => {});
  }
}

self.addEventListener("notificationclick", (event) => event.waitUntil(clicked(event.notification, event.action)));
self.addEventListener("notificationclose", (event) => event.waitUntil(closed(event.notification)));

/** A tap (no action) or one of the category's actions: the app's didReceive. */
async function clicked(notification, action) {
  const payload = notification.data || {};
  notification.close();
  // A Scheduled Summary is the system's, not one of the app's notifications: it opens the list, answers nothing.
  if (payload.thread === "scheduledSummary") return open("/console");
  const chosen = (payload.actions || []).find((candidate) => candidate.action === action);
  if (chosen && chosen.input) {
    // No browser has inline replies: a page asks for the text.
    const fields = { token: payload.token, action: chosen.action, title: notification.title, button: chosen.input.buttonTitle,
      placeholder: chosen.input.placeholder };
    return open(`/console/reply.html#${new URLSearchParams(fields)}`);
  }
  await answer(payload.token, action || DEFAULT_ACTION);
  if (!action || (chosen && chosen.foreground)) await open("/console");
}

/** Closed without a choice: the dismiss action, when the category asks for it (customDismissAction). */
async function closed(notification) {
  const payload = notification.data || {};
  if (payload.dismissAction) await answer(payload.token, DISMISS_ACTION);
}

async function answer(token, actionIdentifier) {
  const response = await fetch("/v1/web-push/responses", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token, actionIdentifier }),
  });
  return response.ok;
}

async function open(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const console = windows.find((window) => new URL(window.url).pathname.startsWith("/console") && !url.includes("reply"));
  return console ? console.focus() : self.clients.openWindow(url);
}

async function deviceToken() {
  const stored = await (await caches.open("usernotifyd")).match(DEVICE);
  return stored ? stored.text() : null;
}

async function keepDeviceToken(token) {
  const cache = await caches.open("usernotifyd");
  return token ? cache.put(DEVICE, new Response(token)) : cache.delete(DEVICE);
}

async function post(path, body) {
  return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

self.addEventListener("pushsubscriptionchange", (event) => event.waitUntil(renew(event.oldSubscription, event.newSubscription)));

/** The browser replaced the subscription: the new one takes the old one's place on the server, with the
 * subscription token, which comes back new. Without a new one, the worker subscribes again with the old
 * one's key. */
async function renew(old, subscription) {
  const token = await deviceToken();
  if (!token) return;
  if (!subscription) {
    const key = old && old.options && old.options.applicationServerKey;
    if (!key) return;
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const response = await post("/v1/web-push/renewals", { token, subscription: subscription.toJSON() });
  if (response.ok) await keepDeviceToken((await response.json()).subscriptionToken);
}

/** Sign-out: the subscription removed on the server and in the browser, its token forgotten, what is shown
 * closed, the badge cleared. Done whether or not the server answers. */
async function signOut() {
  const token = await deviceToken();
  if (token) await post("/v1/web-push/removals", { token }).catch(() => {});
  await keepDeviceToken(null);
  const subscription = await self.registration.pushManager.getSubscription();
  if (subscription) await subscription.unsubscribe().catch(() => {});
  for (const notification of await self.registration.getNotifications()) notification.close();
  if (self.navigator.clearAppBadge) await self.navigator.clearAppBadge().catch(() => {});
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "device") event.waitUntil(keepDeviceToken(message.subscriptionToken || null));
  if (message.type === "sign-out") {
    event.waitUntil(signOut().finally(() => event.ports[0] && event.ports[0].postMessage("done")));
  }
  // Automation (tests, kiosks): the code a click on a shown notification runs, since no browser lets a
  // script click a system notification.
  if (message.type === "click") {
    event.waitUntil(self.registration.getNotifications({ tag: message.tag }).then((shown) => shown[0] && clicked(shown[0], message.action || "")));
  }
});
