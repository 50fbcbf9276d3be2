"""A stand-in push service (RFC 8030) on loopback, holding the browsers' side of each subscription.

Each channel is a browser subscription: the service makes its P-256 key pair and auth secret, so that it
can decrypt what it receives (RFC 8291, with `http_ece`), as a browser would. Every push is checked as
a real push service and browser would check it — the VAPID header (RFC 8292: an ES256 JWT that `k`
verifies, `aud` this service's origin, `exp` within 24 hours, `sub` a contact), `TTL`, `Content-Encoding:
aes128gcm`, a body of at most 4096 bytes that decrypts — then recorded and answered with the channel's
next scripted status (201 when none is left). Anything wrong is recorded as a problem and answered 400.

    POST /channels                      -> {"id", "endpoint", "p256dh", "auth"}
    POST /channels/<id>/script          {"answers": [{"status": 410}, {"status": 429, "retryAfter": "30"}]}
    GET  /channels/<id>/messages        -> [{"status", "headers", "length", "payload", "vapidKey"}]
    GET  /problems                      -> ["…"]
    POST /push/<id>                     the endpoint: what the server under test posts to

With `--websocket`, it is also a push service for a real Firefox: the WebSocket protocol Firefox speaks to
its push service (`dom.push.serverURL`; Mozilla's autopush), on a port of its own. A channel Firefox
registers holds no keys here (the browser has them): its pushes are checked the same way, except that
they are not decrypted, and forwarded to Firefox, which decrypts them and runs its service worker.

Prints `listening PORT` (and ` websocket PORT`) once it accepts connections.
"""
import argparse, base64, json, os, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Channel:
    def __init__(self, channel_id, origin, browser=None, key=None):
        self.id = channel_id
        self.endpoint = f"{origin}/push/{channel_id}"
        self.answers = []
        self.messages = []
        # A channel of a real browser: its socket and the VAPID key it subscribed with; the keys are its own.
        self.browser = browser
        self.key = key
        self.private_key = None if browser else ec.generate_private_key(ec.SECP256R1())
        self.auth = None if browser else os.urandom(16)

    def public(self):
        point = self.private_key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"id": self.id, "endpoint": self.endpoint, "p256dh": b64url(point), "auth": b64url(self.auth)}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.channels = {}
        self.problems = []
        self.origin = None


STATE = State()


def check_vapid(header, origin):
    """The VAPID key of a valid `Authorization: vapid t=…, k=…`, or raises ValueError saying what is wrong."""
    if not header or not header.startswith("vapid "):
        raise ValueError(f"Authorization is not 'vapid t=…, k=…': {header!r}")
    fields = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    token, key = fields.get("t"), fields.get("k")
    point = unb64url(key or "")
    if len(point) != 65 or point[0] != 4:
        raise ValueError("k is not an uncompressed P-256 point")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    claims = jwt.decode(token, public, algorithms=["ES256"], audience=origin, options={"require": ["aud", "exp", "sub"]})
    if jwt.get_unverified_header(token).get("typ") != "JWT":
        raise ValueError("the JWT header has no typ JWT")
    if claims["exp"] > time.time() + 24 * 3600 + 60:
        raise ValueError(f"exp is more than 24 hours away: {claims['exp']}")
    if not (claims["sub"].startswith("mailto:") or claims["sub"].startswith("https:")):
        raise ValueError(f"sub is not a mailto: or https: contact: {claims['sub']}")
    return key


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def answer(self, status, body=None, headers=()):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def do_GET(self):
        path = urllib.parse.urlparse(self.path).path
        with STATE.lock:
            if path == "/problems":
                return self.answer(200, STATE.problems)
            parts = path.strip("/").split("/")
            if len(parts) == 3 and parts[0] == "channels" and parts[2] == "messages" and parts[1] in STATE.channels:
                return self.answer(200, STATE.channels[parts[1]].messages)
        self.answer(404, {"error": "no such path"})

    def do_POST(self):
        path = urllib.parse.urlparse(self.path).path
        parts = path.strip("/").split("/")
        body = self.body()
        with STATE.lock:
            if path == "/channels":
                channel = Channel(b64url(os.urandom(9)), STATE.origin)
                STATE.channels[channel.id] = channel
                return self.answer(201, channel.public())
            if len(parts) == 3 and parts[0] == "channels" and parts[2] == "script" and parts[1] in STATE.channels:
                STATE.channels[parts[1]].answers += json.loads(body)["answers"]
                return self.answer(204)
            if len(parts) == 2 and parts[0] == "push":
                channel = STATE.channels.get(parts[1])
                if channel is None:
                    return self.answer(404, {"error": "no such subscription"})
                return self.push(channel, body)
        self.answer(404, {"error": "no such path"})

    def push(self, channel, body):
        headers = {name: self.headers[name] for name in ("TTL", "Urgency", "Topic", "Content-Encoding", "Content-Type")
                   if self.headers[name] is not None}
        try:
            key = check_vapid(self.headers["Authorization"], STATE.origin)
            if headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError(f"Content-Encoding is {headers.get('Content-Encoding')!r}, not aes128gcm")
            if not (headers.get("TTL") or "").isdigit():
                raise ValueError(f"TTL is missing or not a number: {headers.get('TTL')!r}")
            if headers.get("Urgency", "normal") not in ("very-low", "low", "normal", "high"):
                raise ValueError(f"Urgency is {headers['Urgency']!r}")
            topic = headers.get("Topic")
            if topic is not None and (len(topic) > 32 or not all(c.isalnum() or c in "-_" for c in topic)):
                raise ValueError(f"Topic is not at most 32 base64url characters: {topic!r}")
            if len(body) > 4096:
                raise ValueError(f"the body is {len(body)} bytes, more than 4096")
            if channel.browser:
                if channel.key and unb64url(key) != unb64url(channel.key.replace("+", "-").replace("/", "_").rstrip("=")):
                    raise ValueError("the push is signed with another key than the one the browser subscribed with")
                payload = None
            else:
                plain = http_ece.decrypt(body, private_key=channel.private_key, auth_secret=channel.auth, version="aes128gcm")
                payload = json.loads(plain)
        except Exception as error:  # a message a browser would drop: the test fails on it
            STATE.problems.append(f"{channel.id}: {error}")
            return self.answer(400, {"error": str(error)})
        scripted = channel.answers.pop(0) if channel.answers else {"status": 201}
        channel.messages.append({"status": scripted["status"], "headers": headers, "length": len(body), "payload": payload,
                                 "vapidKey": key})
        if channel.browser and scripted["status"] == 201:
            channel.browser.send({"messageType": "notification", "channelID": channel.id, "version": b64url(os.urandom(8)),
                                  "data": b64url(body), "headers": {"encoding": "aes128gcm"}})
        extra = [("Retry-After", scripted["retryAfter"])] if "retryAfter" in scripted else []
        if scripted["status"] == 201:
            extra.append(("Location", f"{STATE.origin}/messages/{len(channel.messages)}"))
        self.answer(scripted["status"], None, extra)


class Browser:
    """One browser's socket: Mozilla's push protocol (hello, register, unregister, ping; notifications out, acks in)."""

    def __init__(self, connection):
        self.connection = connection
        self.lock = threading.Lock()
        self.acked = []

    def send(self, message):
        with self.lock:
            self.connection.send(json.dumps(message))

    def serve(self):
        for text in self.connection:
            message = json.loads(text)
            kind = message.get("messageType")
            if kind == "hello":
                self.send({"messageType": "hello", "status": 200, "uaid": message.get("uaid") or b64url(os.urandom(16)),
                           "use_webpush": True, "broadcasts": {}})
            elif kind == "register":
                with STATE.lock:
                    channel = Channel(message["channelID"], STATE.origin, browser=self, key=message.get("key"))
                    STATE.channels[channel.id] = channel
                self.send({"messageType": "register", "status": 200, "channelID": channel.id, "pushEndpoint": channel.endpoint})
            elif kind == "unregister":
                with STATE.lock:
                    STATE.channels.pop(message.get("channelID"), None)
                self.send({"messageType": "unregister", "status": 200, "channelID": message.get("channelID")})
            elif kind == "ack":
                self.acked += message.get("updates", [])
            elif kind == "ping" or text == "{}":
                self.send({})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--websocket", action="store_true", help="also speak Firefox's push protocol (a port of its own)")
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    STATE.origin = f"http://127.0.0.1:{server.server_port}"
    websocket = ""
    if arguments.websocket:
        from websockets.sync.server import serve
        sockets = serve(lambda connection: Browser(connection).serve(), "127.0.0.1", 0, compression=None)
        threading.Thread(target=sockets.serve_forever, daemon=True).start()
        websocket = f" websocket {sockets.socket.getsockname()[1]}"
    print(f"listening {server.server_port}{websocket}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
