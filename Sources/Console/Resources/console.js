// usernotifyd's console: the public API (/v1/…) and the event stream, for a user, an app or the operator.
// This page signs in and shows the view of the credential's role; the credential lives in this tab's
// sessionStorage.

import { SESSION_KEY, $, toast, session, setSession, api } from "./common.js";
import { userView } from "./user.js";
import { appView } from "./app.js";
import { operatorView } from "./operator.js";

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
  setSession({ role, token: $("#credential").value.trim() });
  try {
    await api("GET", probes[role]);
  } catch (error) {
    $("#sign-in-error").textContent = error.status === 401 || error.status === 403
      ? `That is not a valid ${role === "user" ? "center token" : role === "app" ? "app key" : "admin token"}.`
      : error.message;
    setSession(null);
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

// ---- start ------------------------------------------------------------------------------------------------

if (session) start();
else showSignIn();
