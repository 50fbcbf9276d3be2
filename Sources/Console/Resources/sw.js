// usernotifyd's service worker: shows the service's Web Pushes as notifications with the category's
// actions, answers them (the push's token is the only credential), closes what left the list on another
// device or by the app, keeps the app badge, and renews the subscription when the browser changes it.
// The payload is openapi.yaml's WebPushPayload.

const DEFAULT_ACTION = "com.apple.UNNotificationDefaultActionIdentifier";
const DISMISS_ACTION = "com.apple.UNNotificationDismissActionIdentifier";
const DEVICE = "/console/device";  // this device's center token, kept to renew the subscription

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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

self.addEventListener("pushsubscriptionchange", (event) => event.waitUntil(renew(event.newSubscription)));

/** The browser replaced the subscription: the new one goes to the server with this device's token. */
async function renew(subscription) {
  const cache = await caches.open("usernotifyd");
  const stored = await cache.match(DEVICE);
  if (!stored) return;
  const token = await stored.text();
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  if (!subscription) {
    const key = await (await fetch("/v1/web-push/key", { headers })).json();
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.publicKey });
  }
  await fetch("/v1/me/push-subscriptions", { method: "POST", headers, body: JSON.stringify(subscription.toJSON()) });
}

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "device") {
    event.waitUntil(caches.open("usernotifyd").then((cache) => message.token
      ? cache.put(DEVICE, new Response(message.token)) : cache.delete(DEVICE)));
  }
  // Automation (tests, kiosks): the code a click on a shown notification runs, since no browser lets a
  // script click a system notification.
  if (message.type === "click") {
    event.waitUntil(self.registration.getNotifications({ tag: message.tag }).then((shown) => shown[0] && clicked(shown[0], message.action || "")));
  }
});
