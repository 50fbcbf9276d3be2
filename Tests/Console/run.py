#!/usr/bin/env python3
"""make test: the console at /console, in a real browser (Debian's headless chromium through selenium).

Against the real server on the virtual clock and the webhook receiver of the Swift tests, three tabs
(session storage is per tab) do what a person would: the operator creates an app and its key; the app
creates a center, sets its webhook and a category with two actions, and asks for permission; the user
allows it in the prompt; the app schedules a request with an image from the form; the operator moves the
clock; the banner shows the category's buttons; the user taps one, and the receiver gets the signed
response. The delivered list shows the image. No page logs an error (a CSP violation would). Screenshots
of each view go to .build/console-screenshots/ for a reviewer.
"""
import base64, http.server, json, os, shutil, struct, subprocess, sys, tempfile, threading, time, urllib.request, zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))
from harness import call, start  # noqa: E402

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException, WebDriverException

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "usernotifyd")
RECEIVER = os.path.join(ROOT, "Tests", "Fixtures", "WebhookReceiver", "receiver.py")
PUSH_SERVICE = os.path.join(ROOT, "Tests", "Fixtures", "PushService", "push_service.py")
SHOTS = os.path.join(ROOT, ".build", "console-screenshots")
ADMIN = "console-admin-token"
SECRET = "whsec_" + base64.b64encode(os.urandom(32)).decode()
WAIT = 60  # a bound for a broken build, not a timing: each wait ends when its element appears


def log(message):
    print(f"console: {message}", flush=True)


def png(width=64, height=48):
    """A small PNG: a blue and orange gradient."""
    rows = b"".join(b"\x00" + bytes(value for x in range(width) for value in (x * 4 % 256, 120, 255 - y * 5 % 256)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def replaced_is_retried(condition):
    """`condition`, false (looked at again) while the element it found was replaced by a re-render."""
    def check(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return False
            raise
    return check


class Console:
    def __init__(self, driver, base):
        self.driver = driver
        self.base = base
        # An element that a re-render replaces between being found and being looked at is looked for
        # again (Chromium says "stale element", or "node … does not belong to the document").
        self.wait = WebDriverWait(driver, WAIT, ignored_exceptions=(StaleElementReferenceException,))
        self.tabs = {}

    def tab(self, name):
        """Switches to the tab of `name`, opening it at the console when new."""
        if name not in self.tabs:
            if self.tabs:
                self.driver.switch_to.new_window("tab")
            self.tabs[name] = self.driver.current_window_handle
            self.driver.get(f"{self.base}/console")
        else:
            self.driver.switch_to.window(self.tabs[name])
        return self

    def find(self, selector):
        return self.wait.until(replaced_is_retried(EC.visibility_of_element_located((By.CSS_SELECTOR, selector))))

    def click(self, selector):
        def clicked(_):
            element = self.wait.until(replaced_is_retried(EC.element_to_be_clickable((By.CSS_SELECTOR, selector))))
            # Out from under the sticky top bar first, as a person would scroll.
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            try:
                element.click()
                return True
            except ElementClickInterceptedException:
                return False  # a toast over it on a small screen: wait for it to go, as a person would
        self.wait.until(clicked)

    def type(self, selector, text, clear=True):
        element = self.find(selector)
        if clear:
            element.clear()
        element.send_keys(text)
        return element

    def sign_in(self, role, credential):
        self.click(f"input[name=role][value={role}]")
        self.type("#credential", credential)
        self.click("#sign-in-form button[type=submit]")
        self.wait.until(lambda driver: driver.find_element(By.ID, "sign-in").get_attribute("hidden") is not None)

    def set_json(self, selector, value):
        """Replaces a JSON editor's text (through the page: send_keys would be slow and auto-indented)."""
        area = self.find(selector)
        self.wait.until(lambda _: area.get_attribute("value").strip() != "")
        self.driver.execute_script("arguments[0].value = arguments[1]", area, json.dumps(value))
        area.find_element(By.XPATH, "./ancestor::form//button[@type='submit']").click()

    def shot(self, name):
        path = os.path.join(SHOTS, f"{name}.png")
        self.driver.save_screenshot(path)
        log(f"screenshot {os.path.relpath(path, ROOT)}")

    def errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]


def received(port):
    """The receiver's calls; stops the run if one is not as openapi.yaml's webhooks say."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/control/received") as response:
        calls = json.loads(response.read())
    mismatches = [(call["body"], call["schemaErrors"]) for call in calls if call.get("schemaErrors")]
    if mismatches:
        raise SystemExit(f"webhook calls that do not match openapi.yaml: {mismatches}")
    return calls


def check_headers(base):
    with urllib.request.urlopen(f"{base}/console") as response:
        policy = response.headers["Content-Security-Policy"] or ""
        if "script-src 'self'" not in policy or "frame-ancestors 'none'" not in policy or "unsafe-inline" in policy:
            raise SystemExit(f"/console's Content-Security-Policy is not strict: {policy!r}")
        if response.headers["X-Frame-Options"] != "DENY" or response.headers["X-Content-Type-Options"] != "nosniff":
            raise SystemExit(f"/console lacks X-Frame-Options or X-Content-Type-Options: {dict(response.headers)}")


def main():
    if not os.path.exists(BINARY):
        raise SystemExit(f"{BINARY} is missing: run `swift build` first")
    os.makedirs(SHOTS, exist_ok=True)
    work = tempfile.mkdtemp(prefix="usernotifyd-console-")
    image = os.path.join(work, "kettle.png")
    with open(image, "wb") as handle:
        handle.write(png())
    other = other_origin()
    other_origin_url = f"http://127.0.0.1:{other.server_port}"
    push_service, line = start([sys.executable, PUSH_SERVICE], "listening")
    push_origin = f"http://127.0.0.1:{int(line.split()[1])}"
    server, line = start([BINARY, "--port", "0", "--data-dir", os.path.join(work, "data"), "--admin-token", ADMIN,
                          "--virtual-clock", "1", "--webhook-allow-networks", "127.0.0.0/8", "--log-level", "notice",
                          "--cors-allowed-origins", other_origin_url, "--web-push-allowed-services", push_origin], "listening")
    base = f"http://127.0.0.1:{json.loads(line)['http.port']}"
    receiver, line = start([sys.executable, RECEIVER, "--secret", SECRET], "listening")
    receiver_port = int(line.split()[1])
    driver = None
    try:
        check_headers(base)
        driver = browser()
        console = Console(driver, base)
        key, token = run(console, receiver_port, image)
        scheduled_summary(console, base, key, token)
        broadcasts(console, base, key, token)
        web_push(console, base, push_origin, key, token, receiver_port)
        push_service_out_of_reach(console)
        cross_origin(driver, base, other_origin_url, key, token)
        phones(console, base, key, token, work)
        sign_out(console, base, key, token, push_origin)
        log("passed")
    finally:
        if driver:
            driver.quit()
        for process in (server, receiver, push_service):
            process.terminate()
            process.wait(timeout=60)
        other.shutdown()
        shutil.rmtree(work, ignore_errors=True)


def run(console, receiver_port, image):
    # The operator: an app that asks its users, and its first key.
    console.tab("operator").shot("0-sign-in")
    console.sign_in("operator", ADMIN)
    console.type("#create-app-form input[name=name]", "Kitchen")
    Select(console.find("#create-app-form select[name=authorizationPolicy]")).select_by_value("prompt")
    console.click("#create-app-form button[type=submit]")
    key = console.find("#app-key").text.strip()
    if not console.find('button[data-copies="app-key"]').is_displayed():
        raise SystemExit("the app key has no copy button")
    console.find("#apps li[data-app]")
    console.shot("1-operator")
    log("the operator created an app and its key")

    # The app: a center, its webhook and categories, then the permission prompt.
    console.tab("app").sign_in("app", key)
    console.type("#create-center-form input[name=id]", "phone")
    console.click("#create-center-form button[type=submit]")
    token = console.find("#center-token").text.strip()
    if not console.find('button[data-copies="center-token"]').is_displayed():
        raise SystemExit("the center's token has no copy button")
    console.click("#app-tab-webhooks")
    # The webhook settings' form: the URL, one event, and the secret the receiver verifies with (after
    # trying the Generate button, which makes one in the browser).
    console.type("#webhook-form input[name=delegateURL]", f"http://127.0.0.1:{receiver_port}/hook")
    for box in console.driver.find_elements(By.CSS_SELECTOR, "#webhook-form input[name=events]"):
        if box.is_selected() != (box.get_attribute("value") == "notification.response"):
            box.click()
    console.click("#webhook-form button[type=button]")
    generated = console.find("#webhook-secret").get_attribute("value")
    if not generated.startswith("whsec_") or len(generated) != len("whsec_") + 44:
        raise SystemExit(f"Generate made '{generated}', not a whsec_ secret of 32 bytes")
    console.type("#webhook-secret", SECRET)
    console.click("#webhook-form button[type=submit]")
    console.wait.until(lambda _: "whsk_" in console.find("#webhook-form").text)
    if console.find("#webhook-form input[name=delegateURL]").get_attribute("value") != f"http://127.0.0.1:{receiver_port}/hook":
        raise SystemExit("the form did not keep the delegate URL")
    console.click("#app-tab-categories")
    console.set_json("#categories-json", [{"identifier": "INVITE", "actions": [
        {"identifier": "ACCEPT", "title": "Accept", "options": ["foreground"]},
        {"identifier": "REPLY", "title": "Reply", "textInput": {"buttonTitle": "Send", "placeholder": "Message"}}]}])
    console.wait.until(lambda _: "ACCEPT" in console.find("#categories-json").get_attribute("value"))
    console.click("#app-tab-centers")
    console.click('#centers li[data-center="phone"]')
    console.click("#ask-form button[type=submit]")
    log("the app made a center, set its webhook and categories, and asked for permission")

    # The user: the prompt, answered.
    console.tab("user").sign_in("user", token)
    console.find("#prompt-dialog[open]")
    if console.find("#prompt-app").text.strip() != "Kitchen" or "Kitchen" not in console.find("#who").text:
        raise SystemExit(f"the prompt names '{console.find('#prompt-app').text}', not the app's name")
    console.shot("2-user-prompt")
    console.click("#prompt-allow")
    console.wait.until(lambda _: console.find("#authorization-status").get_attribute("data-status") == "authorized")
    if console.find("#authorization-status").text != "Allowed":
        raise SystemExit(f"the status reads '{console.find('#authorization-status').text}', not words")
    log("the user allowed notifications in the prompt")

    # The app schedules a request with an image, from the form.
    console.tab("app")
    console.type("#schedule-form input[name=identifier]", "tea")
    console.type("#schedule-form input[name=title]", "Tea time")
    console.type("#schedule-form input[name=body]", "The kettle has boiled")
    console.type("#schedule-form input[name=categoryIdentifier]", "INVITE")
    console.type("#schedule-form input[name=threadIdentifier]", "kitchen")
    console.find("#attachment-file").send_keys(image)
    Select(console.find("#trigger-kind")).select_by_value("timeInterval")
    console.type("#schedule-form input[name=seconds]", "60")
    console.click("#schedule-form button[type=submit]")
    console.find('#pending li[data-identifier="tea"] .countdown')
    console.shot("3-app-center")
    log("the app scheduled 'tea' in 60 s with an image attachment")

    # The operator moves the clock; the banner shows on the user's screen with the category's buttons.
    console.tab("operator").click('button[data-advance="60"]')
    console.tab("user")
    console.find('.banner[data-identifier="tea"] button[data-action="ACCEPT"]')
    console.find('.banner[data-identifier="tea"] input[data-action="REPLY"]')
    if console.find('.banner[data-identifier="tea"] .app-name').text.strip() != "Kitchen":
        raise SystemExit("the banner does not name the app")
    console.shot("4-user-banner")

    # Notification Center shows the notification with its image, loaded through the API.
    picture = console.find('#delivered li[data-identifier="tea"] img.attachment')
    console.wait.until(lambda driver: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", picture) == 64)
    console.shot("5-user-notification-center")
    log("the delivered list shows the image attachment")

    console.click('.banner[data-identifier="tea"] button[data-action="ACCEPT"]')
    console.wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, '.banner[data-identifier="tea"]')))
    # Choosing an action clears the notification from Notification Center, as on iOS.
    console.wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, '#delivered li[data-identifier="tea"]')))

    deadline = time.monotonic() + WAIT
    while True:
        responses = [call for call in received(receiver_port) if (call.get("body") or {}).get("type") == "notification.response"]
        if responses:
            break
        if time.monotonic() > deadline:
            raise SystemExit("the app's receiver never got the response")
        time.sleep(0.2)
    data = responses[0]["body"]["data"]
    if responses[0]["verifiedWith"] != [0] or data["actionIdentifier"] != "ACCEPT":
        raise SystemExit(f"the response that arrived: {responses[0]}")
    log("the user tapped Accept; the app's receiver got the signed notification.response")

    console.tab("app").click("#app-tab-webhooks")
    delivery = console.find('#deliveries li[data-delivery][data-destination="webhook"]')
    if "“tea” on phone" not in delivery.find_element(By.CSS_SELECTOR, ".subject").text:
        raise SystemExit(f"the delivery log does not say which notification: {delivery.text}")
    Select(console.find("#delivery-destination")).select_by_value("phone")
    console.wait.until(lambda _: "No deliveries yet." in console.find("#deliveries").text)
    Select(console.find("#delivery-destination")).select_by_value("webhook")
    console.find('#deliveries li[data-delivery][data-destination="webhook"]')
    console.shot("6-app-webhooks")
    console.driver.set_window_size(390, 844)
    console.tab("user").shot("7-user-phone-size")

    for name in console.tabs:
        errors = console.tab(name).errors()
        if errors:
            raise SystemExit(f"the {name} tab logged errors: {errors}")
    return key, token


def scheduled_summary(console, base, key, token):
    """The user delivers the app in the Scheduled Summary: a notification is held (marked in the list),
    "Show next summary" brings the summary card; a Focus set in the form is on, and the app's view says only
    that the user is focused."""
    console.tab("user")
    Select(console.find("#setting-scheduledDeliverySetting")).select_by_value("enabled")
    console.wait.until(lambda _: call(base, "GET", "/v1/me/settings", token)["scheduledDeliverySetting"] == "enabled")
    call(base, "POST", "/v1/centers/phone/requests", key, {"identifier": "news", "content": {"title": "Morning news", "relevanceScore": 0.8}})
    console.find('#delivered li[data-identifier="news"][data-held="true"]')
    console.shot("4b-user-held")
    console.click("#show-summary")
    console.find('#summary-card[data-featured="news"]')
    console.find('#delivered li[data-identifier="news"][data-held="false"]')
    console.shot("4c-user-summary")
    log("a held notification came in the summary the user asked for")
    console.type("#focus-form input[name=name]", "Sleep")
    console.click("#focus-form button[type=submit]")
    console.wait.until(lambda _: console.find("#focus-status").text == "Sleep is on.")
    center = call(base, "GET", "/v1/centers/phone", key)
    if center["isFocused"] is not True or "focus" in center["state"]:
        raise SystemExit(f"the app's view of a focused user: {center}")
    console.type("#focus-form input[name=name]", "")
    console.click("#focus-form button[type=submit]")
    console.wait.until(lambda _: console.find("#focus-status").text == "No Focus is on.")
    call(base, "PATCH", "/v1/me/settings", token, {"scheduledDeliverySetting": "disabled"})
    log("a Focus set in the console is on, and the app learns only that the user is focused")


def broadcasts(console, base, key, token):
    """The app makes a topic, the user follows it on their phone, and a broadcast sent from the app's form
    reaches the phone; the broadcast's progress says it completed, with one member presented."""
    console.tab("app")
    console.click("#app-tab-broadcasts")
    console.type("#create-topic-form input[name=identifier]", "episodes")
    console.type("#create-topic-form input[name=displayName]", "New episodes")
    console.click("#create-topic-form button[type=submit]")
    console.find('#topics li[data-topic="episodes"]')
    console.tab("user")
    console.type("#subscribe-topic-form input[name=topic]", "episodes")
    console.click("#subscribe-topic-form button[type=submit]")
    console.find('#my-topics li[data-topic="episodes"]')
    console.tab("app")
    console.click("#refresh-broadcasts")
    console.wait.until(lambda _: "1 subscriber" in console.find('#topics li[data-topic="episodes"] .subscribers').text)
    Select(console.find("#broadcast-topic")).select_by_value("episodes")
    console.type("#broadcast-form input[name=identifier]", "episode-1")
    console.type("#broadcast-form input[name=title]", "Episode 1 is out")
    console.click("#broadcast-form button[type=submit]")
    console.find('#broadcasts li[data-status="completed"]')
    presented = console.find('#broadcasts li[data-status="completed"] [data-count="presented"] strong').text
    if presented != "1":
        raise SystemExit(f"the broadcast's progress says {presented} presented")
    console.shot("4d-app-broadcast")
    console.tab("user")
    console.find('#delivered li[data-identifier="episode-1"]')
    log("a broadcast sent from the app's console reached the phone that follows its topic")


def push_service_out_of_reach(console):
    """"Get notifications on this device" when the browser's push service (Google's, for Chromium) is out of
    reach, as it is here: the button says it is busy, then the person reads what went wrong and what to
    check, and the button works again — not a button that does nothing for a minute."""
    console.tab("user")
    # Earlier toasts gone (they cover the button at phone size), as a person would wait for them.
    WebDriverWait(console.driver, 60).until(lambda driver: not driver.find_elements(By.CSS_SELECTOR, ".toast"))
    button = console.find("#push-enable")
    label = button.text
    console.click("#push-enable")
    console.wait.until(lambda _: not button.is_enabled() or console.driver.find_elements(By.CSS_SELECTOR, ".toast.bad"))
    toast = WebDriverWait(console.driver, 120).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".toast.bad"))[0]
    console.wait.until(lambda _: button.is_enabled() and button.text == label)
    if not toast.text.strip() or "push-subscriptions" in toast.text:
        raise SystemExit(f"no message for a push service out of reach: '{toast.text}'")
    log(f"with the push service out of reach the button said so and came back: '{toast.text}'")


def web_push(console, base, push_origin, key, token, receiver_port):
    """The console's service worker in Chromium, with a push the server really sent: Chromium's own push
    service is Google's, out of reach here, so the browser's subscription is the stand-in push service's
    channel, which decrypts the push; its payload goes to the worker through CDP, as the browser would
    hand it over. The worker must show the category's two buttons, and a click on one must reach the app
    as didReceive."""
    console.tab("user")
    console.driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    console.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.register("/console/sw.js", {scope: "/console/"}).then(async (registration) => {
          const worker = registration.installing || registration.waiting;
          if (!registration.active && worker) {
            await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
          }
          done(true);
        });
    """)
    channel = call(push_origin, "POST", "/channels", "none")
    call(base, "POST", "/v1/me/push-subscriptions", token,
         {"endpoint": channel["endpoint"], "expirationTime": None, "keys": {"p256dh": channel["p256dh"], "auth": channel["auth"]}})
    call(base, "POST", "/v1/centers/phone/requests", key,
         {"identifier": "kettle", "content": {"title": "The kettle", "body": "It has boiled.", "categoryIdentifier": "INVITE"}})
    deadline = time.monotonic() + WAIT
    while not (messages := call(push_origin, "GET", f"/channels/{channel['id']}/messages", "none")):
        if time.monotonic() > deadline:
            raise SystemExit("the server never pushed to the subscription")
        time.sleep(0.1)
    payload = messages[0]["payload"]
    problems = call(push_origin, "GET", "/problems", "none")
    if problems or payload.get("tag") != "kettle":
        raise SystemExit(f"the push: {payload}, problems: {problems}")
    console.driver.execute_cdp_cmd("ServiceWorker.enable", {})
    # CDP takes the worker's registration id, which no page can read: the profile's first few are tried
    # (an id no registration has is ignored), so that the one the console made gets the push.
    for registration in range(4):
        console.driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                                       {"origin": base + "/", "registrationId": str(registration), "data": json.dumps(payload)})
    shown = console.wait.until(lambda driver: driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.getRegistration("/console/").then((registration) => registration.getNotifications({tag: "kettle"}))
          .then((shown) => done(shown.map((n) => ({title: n.title, body: n.body, actions: n.actions.map((a) => a.action)}))));
    """) or None)
    if shown != [{"title": "The kettle", "body": "It has boiled.", "actions": ["ACCEPT", "REPLY"]}]:
        raise SystemExit(f"the worker showed {shown}")
    log("Chromium's service worker showed the pushed notification with the category's two buttons")
    # Shown, the worker's own code confirmed it: the receipt says displayed, for this browser.
    deadline = time.monotonic() + WAIT
    while True:
        delivery = call(base, "GET", "/v1/centers/phone/delivered/kettle/receipts", key)["deliveries"][0]
        browsers = [device for device in delivery["devices"] if device.get("kind") == "browser"]
        if browsers and browsers[0].get("displayedAt") and browsers[0].get("confirmation") == "confirmed":
            break
        if time.monotonic() > deadline:
            raise SystemExit(f"the worker never confirmed the display: {delivery}")
        time.sleep(0.2)
    if not browsers[0].get("providerMessageID") or delivery["decision"] != "presented":
        raise SystemExit(f"the receipt: {delivery}")
    # The app's console shows the receipts as a timeline.
    console.tab("app").click("#app-tab-centers")
    console.click('#centers li[data-center="phone"]')
    console.click('#app-delivered li[data-identifier="kettle"] .receipts-button')
    summary = console.find('#app-delivered li[data-identifier="kettle"] .receipts .summary').text
    stages = [item.get_attribute("data-stage") for item in
              console.driver.find_elements(By.CSS_SELECTOR, '#app-delivered li[data-identifier="kettle"] .timeline li')]
    if "sent to 1 device" not in summary or "shown on 1" not in summary or stages[:2] != ["fired", "sent"] or "displayed" not in stages:
        raise SystemExit(f"the console's receipts: '{summary}', {stages}")
    console.shot("5b-app-receipts")
    log(f"the worker confirmed the display, and the app's console shows the receipts: '{summary}'")
    console.tab("user")
    console.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.getRegistration("/console/")
          .then((registration) => { registration.active.postMessage({type: "click", tag: "kettle", action: "ACCEPT"}); done(true); });
    """)
    deadline = time.monotonic() + WAIT
    while True:
        answers = [call["body"]["data"] for call in received(receiver_port)
                   if (call.get("body") or {}).get("type") == "notification.response"
                   and call["body"]["data"]["notification"]["request"]["identifier"] == "kettle"]
        if answers:
            break
        if time.monotonic() > deadline:
            raise SystemExit("the click on the pushed notification never reached the app")
        time.sleep(0.2)
    if answers[0]["actionIdentifier"] != "ACCEPT":
        raise SystemExit(f"the click reached the app as {answers[0]}")
    delivery = call(base, "GET", "/v1/me/delivered/kettle/receipts", token)["deliveries"][0]
    clicked = [device for device in delivery["devices"] if device.get("kind") == "browser"]
    if delivery.get("action") != "ACCEPT" or not clicked or clicked[0]["stage"] != "action":
        raise SystemExit(f"the receipt after the click: {delivery}")
    log("a click on its Accept button reached the app's receiver as didReceive (ACCEPT), and the receipt says so")


def phones(console, base, key, token, work):
    """The app sets its APNs key from the .p8 file through the Phones tab: the console shows it by its
    public key's fingerprint, never the key; a phone the user registers shows in the center's detail."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    private = ec.generate_private_key(ec.SECP256R1())
    path = os.path.join(work, "AuthKey_ABC123DEFG.p8")
    with open(path, "wb") as handle:
        handle.write(private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    digest = hashes.Hash(hashes.SHA256())
    digest.update(private.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo))
    fingerprint = "sha256:" + digest.finalize().hex()
    console.tab("app").click("#app-tab-phones")
    console.type("#apns-form input[name=keyID]", "ABC123DEFG")
    console.type("#apns-form input[name=teamID]", "TEAM123456")
    console.type("#apns-form input[name=topic]", "com.example.kitchen")
    console.find("#apns-key-file").send_keys(path)
    console.click("#apns-form button[type=submit]")
    shown = console.find('#relay-credentials li[data-provider="apns"] .fingerprint').text
    if shown != fingerprint or "PRIVATE KEY" in console.driver.page_source:
        raise SystemExit(f"the console showed the credential as {shown!r} (expected {fingerprint})")
    console.driver.execute_script("document.querySelector('#relay-credentials').scrollIntoView({block: 'start'})")
    console.shot("8-app-phones")
    log("the app set its APNs key from the .p8 file; the console shows its fingerprint only")
    call(base, "POST", "/v1/me/devices", token, {"provider": "apns", "token": "ab" * 32})
    console.click("#app-tab-centers")
    console.click('#centers li[data-center="phone"]')
    console.find("#app-devices li[data-device]")
    log("the center's detail lists the phone the user registered")


def sign_out(console, base, key, token, push_origin):
    """The worker keeps the subscription's own token and never the center token; signing out removes the
    subscription on the server, makes the worker forget its token, and closes what it shows. Chromium
    cannot subscribe here (its push service is Google's), so the subscription is made through the API and
    handed to the worker as the console's "Get notifications" does."""
    channel = call(push_origin, "POST", "/channels", "none")
    saved = call(base, "POST", "/v1/me/push-subscriptions", token,
                 {"endpoint": channel["endpoint"], "expirationTime": None, "keys": {"p256dh": channel["p256dh"], "auth": channel["auth"]}})
    console.tab("user")
    read_kept = """
        const done = arguments[arguments.length - 1];
        caches.open("usernotifyd").then((cache) => cache.keys().then((requests) =>
          Promise.all(requests.map((request) => cache.match(request).then((response) => response.text()))))).then(done);
    """
    console.driver.execute_async_script("""
        const [token, done] = arguments;
        navigator.serviceWorker.getRegistration("/console/")
          .then((registration) => { registration.active.postMessage({type: "device", subscriptionToken: token}); done(true); });
    """, saved["subscriptionToken"])
    kept = console.wait.until(lambda driver: driver.execute_async_script(read_kept) or None)
    if kept != [saved["subscriptionToken"]] or any(token in text for text in kept):
        raise SystemExit(f"the worker keeps {kept}")
    log("the worker keeps the subscription's token alone, never the center token")
    console.click("#sign-out")
    console.find("#credential")
    console.wait.until(lambda driver: not driver.execute_async_script(read_kept))
    left = [entry["id"] for entry in call(base, "GET", "/v1/centers/phone/push-subscriptions", key)["subscriptions"]]
    if saved["id"] in left:
        raise SystemExit(f"signed out, the server still has the subscription: {left}")
    shown = console.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.getRegistration("/console/").then((registration) => registration.getNotifications()).then((n) => done(n.length));
    """)
    if shown:
        raise SystemExit(f"signed out, the worker still shows {shown} notifications")
    log("sign-out removed the subscription on the server, the worker's token and what it showed")


def other_origin():
    """A page on another origin (another loopback port), for the cross-origin calls."""
    class Page(http.server.BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def do_GET(self):
            body = b"<!doctype html><title>another origin</title><p>A web app on another origin."
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def cross_origin(driver, base, origin, key, token):
    """A web app on another origin, in the real browser: a preflighted POST whose Location and RateLimit
    it can read, and an event stream it holds open with its credential."""
    driver.switch_to.new_window("tab")
    driver.get(origin + "/")
    result = driver.execute_async_script("""
        const [base, key, token, done] = arguments;
        (async () => {
          const created = await fetch(base + "/v1/centers", {method: "POST", body: JSON.stringify({id: "laptop"}),
            headers: {"Authorization": "Bearer " + key, "Content-Type": "application/json", "Idempotency-Key": "cors-1"}});
          const stream = await fetch(base + "/v1/me/events", {headers: {"Authorization": "Bearer " + token}});
          const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
          const first = await reader.read();
          await reader.cancel();
          done({status: created.status, location: created.headers.get("Location"),
                rateLimit: created.headers.get("RateLimit"), stream: stream.status, first: first.value});
        })().catch(error => done({error: String(error)}));
    """, base, key, token)
    if (result.get("status") != 201 or result.get("location") != "/v1/centers/laptop" or not result.get("rateLimit")
            or result.get("stream") != 200 or "id:" not in (result.get("first") or "")):
        raise SystemExit(f"the cross-origin calls from {origin}: {result}")
    log(f"a web app on {origin} created a center (reading Location and RateLimit) and held an event stream")


if __name__ == "__main__":
    main()
