"""A real Firefox receives a real Web Push from usernotifyd, offline (part of `make test`).

Inside a private network namespace with only loopback up (browsers call home when they start; nothing
leaves the machine): Xvfb, the debug `usernotifyd`, the stand-in push service with Firefox's WebSocket
protocol (`dom.push.serverURL`), a webhook receiver, and Debian's firefox-esr, headed on the Xvfb display
and driven through Marionette. The user signs in to the console and clicks "Get notifications on this
device": Firefox subscribes with the service's VAPID key through the stand-in, and the console registers
the subscription. The app adds a notification; the server encrypts and signs the push, the stand-in
checks it and forwards it, Firefox decrypts it and its service worker shows the notification, which the
test reads back (`registration.getNotifications()`) and photographs (Firefox draws its own alert on the
display). Then it clicks it (the worker's click code): the app's receiver gets the signed didReceive.
"""
import base64, json, os, shutil, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))
from harness import ROOT, call, start, start_server  # noqa: E402

RECEIVER = os.path.join(ROOT, "Tests", "Fixtures", "WebhookReceiver", "receiver.py")
PUSH_SERVICE = os.path.join(ROOT, "Tests", "Fixtures", "PushService", "push_service.py")
SHOTS = os.path.join(ROOT, ".build", "console-screenshots")
ADMIN = "firefox-admin-token"
SECRET = "whsec_" + base64.b64encode(os.urandom(32)).decode()
MARIONETTE_PORT = 2828
DISPLAY = ":99"
WAIT = 90  # a bound for a broken build, not a timing: every wait ends when its event comes


def log(message):
    print(f"firefox: {message}", flush=True)


def private_network():
    """Runs this script again inside a network namespace of its own, with only loopback up."""
    if os.environ.get("USERNOTIFYD_PRIVATE_NETWORK") == "1":
        subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
        return
    command = ["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]
    os.execvpe(command[0], command + [sys.executable, os.path.abspath(__file__)],
               dict(os.environ, USERNOTIFYD_PRIVATE_NETWORK="1"))


def until(what, condition, diagnose=lambda: ""):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    raise SystemExit(f"firefox: timed out waiting for {what}. {diagnose()}")


def profile(directory, websocket_port):
    """Preferences for a Firefox that pushes through the stand-in, shows its own alerts, never asks."""
    preferences = {
        "marionette.port": MARIONETTE_PORT,
        "dom.push.serverURL": f"ws://127.0.0.1:{websocket_port}/",
        "dom.push.testing.allowInsecureServerURL": True,
        "dom.push.connection.enabled": True,
        "dom.serviceWorkers.testing.enabled": True,
        "permissions.default.desktop-notification": 1,
        "alerts.useSystemBackend": False,
        "browser.shell.checkDefaultBrowser": False,
        "browser.aboutwelcome.enabled": False,
        "browser.startup.homepage_override.mstone": "ignore",
        "datareporting.policy.dataSubmissionEnabled": False,
        "toolkit.telemetry.reportingpolicy.firstRun": False,
        "app.update.disabledForTesting": True,
    }
    with open(os.path.join(directory, "user.js"), "w") as file:
        for name, value in preferences.items():
            file.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")


def main():
    private_network()
    from marionette_driver.marionette import Marionette
    from PIL import ImageGrab

    os.makedirs(SHOTS, exist_ok=True)
    work = tempfile.mkdtemp(prefix="usernotifyd-firefox-")
    processes = []
    client = None
    try:
        processes.append(subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        until("the X display", lambda: os.path.exists(f"/tmp/.X11-unix/X{DISPLAY[1:]}"))
        push, line = start([sys.executable, PUSH_SERVICE, "--websocket"], "listening")
        processes.append(push)
        words = line.split()
        push_origin, websocket_port = f"http://127.0.0.1:{words[1]}", int(words[3])
        receiver, line = start([sys.executable, RECEIVER, "--secret", SECRET], "listening")
        processes.append(receiver)
        receiver_port = int(line.split()[1])
        server, base = start_server(os.path.join(work, "data"), "--admin-token", ADMIN, "--virtual-clock", "1",
                                    "--webhook-allow-networks", "127.0.0.0/8", "--web-push-allowed-services", push_origin)
        processes.append(server)

        # The app: a category with buttons, its webhooks, a center whose user allowed notifications.
        app = call(base, "POST", "/v1/apps", ADMIN, {"name": "Kitchen", "authorizationPolicy": "grant"})
        key = call(base, "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
        call(base, "PUT", "/v1/categories", key, {"categories": [{"identifier": "TEA", "actions": [
            {"identifier": "DRINK", "title": "Drink"}, {"identifier": "LATER", "title": "Later"}]}]})
        call(base, "PUT", "/v1/webhooks", key, {"delegateURL": f"http://127.0.0.1:{receiver_port}/hook", "secrets": [SECRET],
                                                "events": ["notification.response"]})
        token = call(base, "POST", "/v1/centers", key, {"id": "laptop"})["token"]
        call(base, "POST", "/v1/centers/laptop/authorization", key, {"options": ["alert", "sound", "badge"]})

        directory = os.path.join(work, "profile")
        os.makedirs(directory)
        profile(directory, websocket_port)
        firefox = subprocess.Popen(
            [shutil.which("firefox-esr") or "firefox", "--marionette", "--no-remote", "--new-instance", "--profile", directory],
            env={key: value for key, value in dict(os.environ, DISPLAY=DISPLAY).items() if key != "MOZ_HEADLESS"},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(firefox)
        client = Marionette(host="127.0.0.1", port=MARIONETTE_PORT)
        client.raise_for_port(timeout=WAIT, check_process_status=False)
        client.start_session()
        log("Firefox started on the Xvfb display")

        # The user signs in and asks for notifications on this device.
        client.navigate(f"{base}/console")
        until("the sign-in form", lambda: client.execute_script("return !!document.querySelector('#credential')"))
        client.execute_script("""
            document.querySelector('#credential').value = arguments[0];
            document.querySelector('#sign-in-form button[type=submit]').click();
        """, script_args=[token])
        until("the user view", lambda: client.execute_script("return !!document.querySelector('#push-enable')"))
        client.execute_script("document.querySelector('#push-enable').click()")
        subscription = until("the subscription", lambda: client.execute_script(
            "return document.querySelector('#push-status').dataset.subscription || null"))
        subscriptions = call(base, "GET", "/v1/centers/laptop/push-subscriptions", key)["subscriptions"]
        if [entry["id"] for entry in subscriptions] != [subscription] or not subscriptions[0]["endpoint"].startswith(push_origin):
            raise SystemExit(f"firefox: the server has {subscriptions}")
        log(f"Firefox subscribed through the push service's WebSocket; the console registered {subscription}")
        kept_script = """
            const [resolve] = arguments;
            caches.open("usernotifyd").then((cache) => cache.keys().then((requests) =>
              Promise.all(requests.map((request) => cache.match(request).then((response) => response.text()))))).then(resolve);
        """
        kept = until("the worker's token", lambda: client.execute_async_script(kept_script) or None)
        if len(kept) != 1 or not kept[0].startswith("wpn_") or token in kept[0]:
            raise SystemExit(f"firefox: the worker keeps {kept}")
        log("the worker keeps the subscription's token alone, never the center token")

        # The app adds a notification: a real push, decrypted by Firefox, shown by the console's worker.
        call(base, "POST", "/v1/centers/laptop/requests", key, {"identifier": "tea", "content": {
            "title": "Tea is ready", "body": "A real push, decrypted by Firefox", "categoryIdentifier": "TEA"}})
        def diagnose():
            deliveries = call(base, "GET", "/v1/webhooks/deliveries", key)["deliveries"]
            return f"the outbox: {deliveries}; the push service's problems: {call(push_origin, 'GET', '/problems', 'none')}"

        shown = until("the notification", diagnose=diagnose, condition=lambda: client.execute_async_script("""
            const [resolve] = arguments;
            navigator.serviceWorker.getRegistration("/console/").then((registration) => registration.getNotifications({tag: "tea"}))
              .then((shown) => resolve(shown.map((n) => ({title: n.title, body: n.body, actions: (n.actions || []).map((a) => a.action)}))));
        """))
        if shown[0]["title"] != "Tea is ready" or shown[0]["body"] != "A real push, decrypted by Firefox":
            raise SystemExit(f"firefox: the worker showed {shown}")
        problems = call(push_origin, "GET", "/problems", "none")
        if problems:
            raise SystemExit(f"firefox: the push service found {problems}")
        log(f"Firefox decrypted the push and its worker showed it: {shown[0]}")
        time.sleep(1)  # only for the picture: Firefox's alert slides in
        picture = os.path.join(SHOTS, "firefox-push.png")
        ImageGrab.grab(xdisplay=DISPLAY).save(picture)
        log(f"screenshot {os.path.relpath(picture, ROOT)}")

        # A click on it (the worker's click code): the app's didReceive.
        client.execute_async_script("""
            const [resolve] = arguments;
            navigator.serviceWorker.getRegistration("/console/")
              .then((registration) => { registration.active.postMessage({type: "click", tag: "tea", action: ""}); resolve(true); });
        """)

        def response():
            with urllib.request.urlopen(f"http://127.0.0.1:{receiver_port}/control/received") as answer:
                calls = json.loads(answer.read())
            return [call for call in calls if (call.get("body") or {}).get("type") == "notification.response"]

        answers = until("didReceive", response)
        data = answers[0]["body"]["data"]
        if answers[0]["verifiedWith"] != [0] or data["actionIdentifier"] != "com.apple.UNNotificationDefaultActionIdentifier" \
                or data["notification"]["request"]["identifier"] != "tea":
            raise SystemExit(f"firefox: the app got {answers[0]}")
        log("the click reached the app's receiver as a signed didReceive")

        # Sign-out: the subscription goes on the server and in Firefox, and the worker forgets its token.
        client.execute_script("document.querySelector('#sign-out').click()")
        until("signed out", lambda: client.execute_script("return !!document.querySelector('#credential')"))
        until("the subscription removed", lambda: not call(base, "GET", "/v1/centers/laptop/push-subscriptions", key)["subscriptions"])
        until("the token forgotten", lambda: not client.execute_async_script(kept_script))
        still = client.execute_async_script("""
            const [resolve] = arguments;
            navigator.serviceWorker.getRegistration("/console/").then((registration) => registration.pushManager.getSubscription())
              .then((subscription) => resolve(!!subscription));
        """)
        if still:
            raise SystemExit("firefox: signed out, the browser is still subscribed")
        log("sign-out removed the subscription on the server and in Firefox, and the worker's token")
        log("passed")
    finally:
        if client:
            try:
                client.delete_session()
            except Exception:
                pass
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
