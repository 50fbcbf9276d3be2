// A text-input action's reply: browsers have no inline reply, so the worker opens this page with the
// push's token and the action (in the fragment, which no server sees); the text becomes the response's
// userText, and the app gets it as didReceive.
const fields = new URLSearchParams(location.hash.slice(1));
const form = document.getElementById("reply-form");
document.getElementById("reply-title").textContent = fields.get("title") || "Reply";
document.getElementById("reply-text").placeholder = fields.get("placeholder") || "";
document.getElementById("reply-send").textContent = fields.get("button") || "Send";
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const result = document.getElementById("reply-result");
  const response = await fetch("/v1/web-push/responses", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: fields.get("token"), actionIdentifier: fields.get("action"), userText: document.getElementById("reply-text").value }),
  });
  const body = await response.json().catch(() => ({}));
  result.textContent = response.ok ? "Sent." : `${body.detail || `HTTP ${response.status}`}`;
  result.className = response.ok ? "" : "error";
  if (response.ok) form.querySelector("textarea").disabled = true;
});
