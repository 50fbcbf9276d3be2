// The console for the operator: apps, their keys, and the server's clock.

import { h, $, api, attempt, secret, formatDate, countdown, readClock } from "./common.js";

// ---- operator: apps, keys, the clock ------------------------------------------------------------------

export async function operatorView() {
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
