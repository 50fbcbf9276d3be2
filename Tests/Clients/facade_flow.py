"""The Python facade as an app uses it, run by a fresh virtual environment where only the client's wheel is
installed (python_facade.py makes it): every operation a method, errors raised with their code, 429s
tried again after Retry-After, an answer lost on the way recovered by the same Idempotency-Key, and the
event stream's events as they come.

usage: facade_flow.py BASE_URL ADMIN_TOKEN
"""
import os, sys, threading

import httpx
import usernotify_client
from usernotify_client.facade import UserNotify, UserNotifyError


def check(condition, what):
    if not condition:
        raise SystemExit(f"python facade: {what}")


class LosingTransport(httpx.HTTPTransport):
    """Sends every request, but loses the server's answer to the first add of `lost`; records the answers."""

    def __init__(self):
        super().__init__()
        self.lost = False
        self.replayed = []

    def handle_request(self, request):
        response = super().handle_request(request)
        if request.method == "POST" and request.url.path.endswith("/requests") and b'"lost"' in request.content:
            if not self.lost:
                self.lost = True
                response.read()
                raise httpx.ReadError("the answer was lost on the way", request=request)
            self.replayed.append(response.headers.get("Idempotent-Replayed"))
        return response


def main():
    base, admin = sys.argv[1:3]
    check("site-packages" in usernotify_client.__file__, f"not the installed wheel: {usernotify_client.__file__}")
    # A bound for a hang (the complaint: the stream call never returned), not a timing.
    watchdog = threading.Timer(120, lambda: (print("python facade: no end within 120 s", flush=True), os._exit(1)))
    watchdog.daemon = True
    watchdog.start()

    operator = UserNotify(base, admin)
    app_id = operator.create_app(body={"name": "Facade"}).id
    retried = []
    app = UserNotify(base, operator.create_app_key(app_id).key, on_retry=lambda attempt, status: retried.append(status))
    user = UserNotify(base, app.create_center(body={"id": "phone-1"}).token)

    try:
        app.add_notification_request("phone-1", body={"identifier": "early", "content": {"title": "Too early"}})
        raise SystemExit("python facade: an add before the user answered did not raise")
    except UserNotifyError as error:
        check(error.status == 403 and error.code == "notificationsNotAllowed" and "authorization" in error.detail, f"{error}")
    try:
        app.get_center("nobody")
        raise SystemExit("python facade: a missing center did not raise")
    except UserNotifyError as error:
        check(error.status == 404 and error.code == "centerNotFound", f"{error}")

    asked = app.request_authorization("phone-1", body={"options": ["alert", "sound"]})
    check(asked.status == "notDetermined", f"the prompt did not open: {asked}")
    # From the stream's beginning: the prompt is its first event; answering it and an add follow as they come.
    seen = []
    for event in user.events(last_event_id="0"):
        seen.append(event.name)
        if event.name == "authorizationPrompt":
            check(sorted(event.data.get("options", [])) == ["alert", "sound"], f"{event}")
            user.answer_authorization_prompt(body={"allowed": True})
            app.add_notification_request("phone-1", body={"identifier": "now", "content": {"title": "Hello"}})
        if event.name == "presented":
            check(event.data["request"]["identifier"] == "now", f"{event}")
            break
    check(seen[0] == "authorizationPrompt" and "settingsChanged" in seen, f"events: {seen}")

    # Adds at 1 a second (bursts of 2): the facade waits out each 429's Retry-After.
    for index in range(5):
        app.add_notification_request("phone-1", body={
            "identifier": f"r{index}", "content": {"title": f"#{index}"}, "trigger": {"type": "timeInterval", "timeInterval": 600}})
    check(429 in retried, f"no 429 was tried again: {retried}")
    # An answer lost after the server did the work: tried again with the same key, the server replays it.
    # (Another key of the app, whose rate limit is whole.)
    transport = LosingTransport()
    other = UserNotify(base, operator.create_app_key(app_id).key, on_retry=lambda attempt, status: retried.append(status),
                       httpx_args={"transport": transport})
    added = other.add_notification_request("phone-1", body={
        "identifier": "lost", "content": {"title": "Once"}, "trigger": {"type": "timeInterval", "timeInterval": 600}})
    check(added.request.identifier == "lost" and transport.replayed == ["true"], f"not replayed: {transport.replayed}")
    pending = sorted(request.identifier for request in app.get_pending_notification_requests("phone-1").requests)
    check(pending == ["lost", "r0", "r1", "r2", "r3", "r4"], f"pending: {pending}")
    print(f"python facade: errors raised with their code, {len(retried)} tries again (429 and a lost answer, "
          f"replayed), events as they came: {', '.join(seen)}")
    watchdog.cancel()


if __name__ == "__main__":
    main()
