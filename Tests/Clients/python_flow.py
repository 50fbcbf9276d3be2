"""The framework's main flow through the generated Python client, against the real server.

The operator makes an app and a key; the app sets a category and its webhooks, makes a center and asks for
authorization; the user allows it; the app adds a request, which fires when the operator moves the virtual
clock; the app reads it in the delivered list; the user taps an action; the receiver verifies the signed
`notification.response` with `usernotify_client.webhooks`. Errors arrive as `Problem` with their code.
Then the app sets an APNs key (write-only: it comes back as a fingerprint) and the user registers a phone.
Last, the user follows a topic and the app broadcasts to it: it comes when the clock moves, and completes;
and through Apple's broadcast channel API, a channel is made and read, the user follows its topic, and a
message published on it arrives.
"""
import base64, os, queue, sys, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, HTTPServer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))
from harness import start_server  # noqa: E402

import standardwebhooks  # noqa: E402  the reference implementation, to check our verifier against
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from usernotify_client import AuthenticatedClient  # noqa: E402
from usernotify_client.api.apps import create_app  # noqa: E402
from usernotify_client.api.broadcasts import create_broadcast, get_broadcast  # noqa: E402
from usernotify_client.api.authorization import answer_authorization_prompt, request_authorization  # noqa: E402
from usernotify_client.api.categories import set_notification_categories  # noqa: E402
from usernotify_client.api.centers import create_center  # noqa: E402
from usernotify_client.api.clock import set_clock  # noqa: E402
from usernotify_client.api.delivered_notifications import get_delivered_notifications, respond_to_notification  # noqa: E402
from usernotify_client.api.devices import get_devices, list_relay_credentials, register_device, set_apns_credential  # noqa: E402
from usernotify_client.api.keys import create_app_key  # noqa: E402
from usernotify_client.api.pending_requests import add_notification_request  # noqa: E402
from usernotify_client.api.push import (  # noqa: E402
    create_ap_ns_channel, delete_ap_ns_channel, publish_on_ap_ns_channel, read_ap_ns_channel)
from usernotify_client.api.topics import create_topic, subscribe_me  # noqa: E402
from usernotify_client.api.webhooks import set_webhook_settings  # noqa: E402
from usernotify_client.models import (  # noqa: E402
    AddResult, APNsChannel, APNsPayload, ApnsCredentialRequest, AuthorizationRequest, Categories, ClockAdvance, CreateApp, CreateCenter,
    DeviceRegistrationRequest, NewBroadcast, NewTopic, NotificationRequest, NotificationResponse, Problem, PromptAnswer,
    WebhookSettings)
from usernotify_client.webhooks import WebhookVerificationError, sign, verify  # noqa: E402

ADMIN = "python-client-admin-token"
SECRET = "whsec_" + base64.b64encode(os.urandom(32)).decode()
WAIT = 60  # a bound for a broken build, not a timing: the wait ends when the webhook arrives


def check(condition, what):
    if not condition:
        raise SystemExit(f"python client: {what}")


def receiver(verified):
    """A loopback receiver that verifies each webhook with the client's helper and queues the event."""
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            try:
                verified.put(verify(SECRET, self.headers, body))
                self.send_response(200)
            except WebhookVerificationError:
                self.send_response(401)
            self.end_headers()

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def check_verifier():
    """Our verifier against the reference library: what it signs verifies; altered or stale does not."""
    body, now = b'{"type":"notification.response"}', int(time.time())
    headers = {"webhook-id": "msg_1", "webhook-timestamp": str(now),
               "webhook-signature": standardwebhooks.Webhook(SECRET).sign("msg_1", __import__("datetime").datetime.fromtimestamp(now), body.decode())}
    check(verify(SECRET, headers, body)["type"] == "notification.response", "a reference signature does not verify")
    check(sign(SECRET, "msg_1", now, body) == headers["webhook-signature"], "our signature differs from the reference")
    for altered in [dict(headers, **{"webhook-id": "msg_2"}), dict(headers, **{"webhook-timestamp": str(now - 301)})]:
        try:
            verify(SECRET, altered, body)
            raise SystemExit("python client: an altered or stale webhook verified")
        except WebhookVerificationError:
            pass
    other = "whsec_" + base64.b64encode(os.urandom(32)).decode()
    check(verify([other, SECRET], headers, body) is not None, "rotation (two secrets) does not verify")


def main():
    check_verifier()
    verified = queue.Queue()
    hooks = receiver(verified)
    with tempfile.TemporaryDirectory() as work:
        server, base = start_server(os.path.join(work, "data"), "--admin-token", ADMIN, "--virtual-clock", "1",
                                    "--webhook-allow-networks", "127.0.0.0/8")
        try:
            operator = AuthenticatedClient(base_url=base, token=ADMIN, raise_on_unexpected_status=True)
            app_id = create_app.sync(client=operator, body=CreateApp(name="Python")).id
            app = AuthenticatedClient(base_url=base, token=create_app_key.sync(app_id, client=operator).key,
                                      raise_on_unexpected_status=True)
            set_notification_categories.sync(client=app, body=Categories.from_dict({"categories": [
                {"identifier": "TEA", "actions": [{"identifier": "DRINK", "title": "Drink"}]}]}))
            set_webhook_settings.sync(client=app, body=WebhookSettings.from_dict({
                "delegateURL": f"http://127.0.0.1:{hooks.server_port}/", "secrets": [SECRET]}))
            created = create_center.sync(client=app, body=CreateCenter(id="phone-1", time_zone="Europe/Berlin"))
            user = AuthenticatedClient(base_url=base, token=created.token, raise_on_unexpected_status=True)

            asked = request_authorization.sync("phone-1", client=app, body=AuthorizationRequest.from_dict({"options": ["alert", "sound"]}))
            check(asked.status == "notDetermined", f"the prompt did not open: {asked}")
            settings = answer_authorization_prompt.sync(client=user, body=PromptAnswer(allowed=True))
            check(settings.authorization_status == "authorized", f"not authorized: {settings}")

            added = add_notification_request.sync("phone-1", client=app, body=NotificationRequest.from_dict({
                "identifier": "tea", "content": {"title": "Tea is ready", "categoryIdentifier": "TEA"},
                "trigger": {"type": "timeInterval", "timeInterval": 240}}))
            check(isinstance(added, AddResult) and added.request.identifier == "tea", f"not added: {added}")
            refused = add_notification_request.sync("phone-1", client=app, body=NotificationRequest.from_dict({
                "identifier": "never", "content": {"title": "x"}, "trigger": {"type": "timeInterval", "timeInterval": 0}}))
            check(isinstance(refused, Problem) and refused.code == "invalidTimeInterval", f"no invalidTimeInterval: {refused}")

            set_clock.sync(client=operator, body=ClockAdvance(advance_by=300))
            delivered = get_delivered_notifications.sync("phone-1", client=app)
            check([n.request.identifier for n in delivered.notifications] == ["tea"], f"not delivered: {delivered}")

            respond_to_notification.sync("tea", client=user, body=NotificationResponse(action_identifier="DRINK"))
            while True:
                event = verified.get(timeout=WAIT)
                if event["type"] == "notification.response":
                    break
            check(event["data"]["actionIdentifier"] == "DRINK" and event["data"]["centerID"] == "phone-1", f"{event}")

            key = ec.generate_private_key(ec.SECP256R1()).private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
            credential = set_apns_credential.sync(client=app, body=ApnsCredentialRequest.from_dict({
                "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "com.example.tea", "environment": "sandbox",
                "privateKey": key}))
            check(credential.fingerprint.startswith("sha256:") and credential.apns.key_id == "ABC123DEFG", f"{credential}")
            listed = list_relay_credentials.sync(client=app)
            check([c.id for c in listed.credentials] == [credential.id] and "PRIVATE" not in str(listed.to_dict()), f"{listed}")
            phone = register_device.sync(client=user, body=DeviceRegistrationRequest.from_dict({"provider": "apns", "token": "ab" * 32}))
            check(phone.id.startswith("dev_"), f"not registered: {phone}")
            bad = register_device.sync(client=user, body=DeviceRegistrationRequest.from_dict({"provider": "fcm", "token": "short"}))
            check(isinstance(bad, Problem) and bad.code == "invalidDeviceToken", f"no invalidDeviceToken: {bad}")
            check([d.id for d in get_devices.sync("phone-1", client=app).devices] == [phone.id], "the app does not see the phone")

            create_topic.sync(client=app, body=NewTopic(identifier="tea-times", display_name="Tea times"))
            check(subscribe_me.sync("tea-times", client=user).topics == ["tea-times"], "the user does not follow the topic")
            made = create_broadcast.sync(client=app, body=NewBroadcast.from_dict({
                "request": {"identifier": "afternoon-tea", "content": {"title": "Time for tea"},
                            "trigger": {"type": "timeInterval", "timeInterval": 60}},
                "audience": {"topic": "tea-times"}}))
            check(made.broadcast.status == "scheduled", f"not scheduled: {made}")
            set_clock.sync(client=operator, body=ClockAdvance(advance_by=60))
            done = get_broadcast.sync(made.broadcast.id, client=app)
            check(done.status == "completed" and done.counts.targeted == 1 and done.counts.presented == 1, f"not completed: {done}")
            delivered = get_delivered_notifications.sync("phone-1", client=app)
            check("afternoon-tea" in [n.request.identifier for n in delivered.notifications], f"not delivered: {delivered}")

            # Apple's broadcast channel API through the same client: the channel is a topic the user follows.
            made_channel = create_ap_ns_channel.sync_detailed(app_id, client=app, body=APNsChannel.from_dict(
                {"message-storage-policy": 1, "push-type": "LiveActivity"}))
            check(made_channel.status_code == 201, f"no channel: {made_channel}")
            channel_id = made_channel.headers["apns-channel-id"]
            live = made_channel.headers["location"].removeprefix("/v1/topics/")
            read = read_ap_ns_channel.sync(app_id, client=app, apns_channel_id=channel_id)
            check(read.message_storage_policy == 1 and read.push_type == "LiveActivity", f"not read back: {read}")
            subscribe_me.sync(live, client=user)
            published = publish_on_ap_ns_channel.sync_detailed(
                app_id, client=app, apns_channel_id=channel_id, apns_push_type="alert",
                body=APNsPayload.from_dict({"aps": {"alert": {"title": "The kettle is on"}}}))
            check(published.status_code == 200 and published.headers["location"].startswith("/v1/broadcasts/"), f"{published}")
            # APNs' id of the published message names the broadcast (its hex digits, as a UUID).
            broadcast_hex = published.headers["location"].removeprefix("/v1/broadcasts/bc_")
            check(published.headers["apns-unique-id"] == f"00000000-0000-0000-{broadcast_hex[:4]}-{broadcast_hex[4:]}", f"{published.headers}")
            set_clock.sync(client=operator, body=ClockAdvance(advance_by=1))
            delivered = get_delivered_notifications.sync("phone-1", client=app)
            check(live in [n.request.identifier for n in delivered.notifications], f"the channel's message did not arrive: {delivered}")
            # A deleted channel is not registered, with APNs' status and reason.
            check(delete_ap_ns_channel.sync_detailed(app_id, client=app, apns_channel_id=channel_id).status_code == 204, "not deleted")
            gone = read_ap_ns_channel.sync_detailed(app_id, client=app, apns_channel_id=channel_id)
            check(gone.status_code == 400 and b'"reason":"ChannelNotRegistered"' in gone.content.replace(b" ", b""), f"{gone}")
            print("python client: the flow passed (authorization, add, fire, delivered, response, verified webhook, "
                  "APNs key, a phone, a broadcast to a topic, and a message on an APNs broadcast channel)")
        finally:
            server.terminate()
            server.wait()
            hooks.shutdown()


if __name__ == "__main__":
    main()
