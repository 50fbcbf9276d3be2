"""Stand-ins for APNs, FCM HTTP v1 and Google's OAuth token endpoint on loopback, over HTTP/2 and TLS.

At start it makes a test CA and a server certificate for 127.0.0.1 and localhost (written to `--dir`
as `ca.pem`, which the server under test trusts with --relay-trust-roots), an APNs signing key (P-256)
and a Firebase service account (RSA 2048), and serves over TLS with ALPN (h2, http/1.1):

    POST /3/device/<token>                 APNs: HTTP/2 only; the provider token (ES256, `kid` the key id,
                                           `iss` the team, `iat` within the hour) verified with the key's
                                           public half; `apns-push-type`, `apns-topic`, `apns-priority`,
                                           `apns-expiration`, `apns-collapse-id` and the payload checked
                                           against Apple's rules; then the token's next scripted answer
                                           (200 with an `apns-id` when none is left)
    POST /token                            OAuth 2.0 JWT bearer grant (RFC 7523): the assertion's RS256
                                           signature, `iss`, `aud`, `scope`, `iat`/`exp` checked; an access
                                           token for an hour
    POST /v1/projects/<id>/messages:send   FCM HTTP v1: an access token it issued, the message checked; the
                                           registration token's next scripted answer (200 with a `name`)

and a plain HTTP control port for the tests:

    GET  /credentials          -> {"apns": {"keyID", "teamID", "privateKey"}, "fcm": <service account JSON>, "p384Key"}
    POST /script               {"provider": "apns"|"fcm", "token": "...", "answers": [{"status": 410, "reason": "Unregistered"}]}
    POST /revoke               every access token issued so far stops working (FCM then answers 401)
    GET  /messages?provider=&token=  -> [{"headers", "payload", "status", "jwt"}]
    GET  /stats                -> {"oauthExchanges": n, "apnsTokens": [distinct provider tokens seen],
                                  "apnsConnections": how many connections APNs requests came over}
    GET  /problems             -> ["…"]  (requests a real service would have refused; none in a passing test)

Prints `listening TLSPORT control PORT` once it accepts connections.
"""
import argparse, asyncio, base64, datetime, ipaddress, json, os, re, threading, time, urllib.parse, uuid

import jwt
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import NameOID
from hypercorn.asyncio import serve
from hypercorn.config import Config

KEY_ID, TEAM_ID, PROJECT = "ABC123DEFG", "TEAM123456", "usernotifyd-test"
CLIENT_EMAIL = f"relay@{PROJECT}.iam.gserviceaccount.com"
APNS_TYPES = {"alert", "background", "voip", "complication", "fileprovider", "mdm", "liveactivity", "location", "pushtotalk", "widgets", "controls"}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.scripts = {}  # (provider, token) -> [answers]
        self.messages = {}  # (provider, token) -> [messages]
        self.problems = []
        self.access_tokens = set()
        self.oauth_exchanges = 0
        self.apns_tokens = []
        self.apns_connections = set()  # the client addresses APNs requests came over
        self.apns_key = ec.generate_private_key(ec.SECP256R1())
        self.fcm_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.token_url = None

    def next_answer(self, provider, token):
        with self.lock:
            answers = self.scripts.get((provider, token), [])
            return answers.pop(0) if answers else None

    def record(self, provider, token, message):
        with self.lock:
            self.messages.setdefault((provider, token), []).append(message)

    def problem(self, text):
        with self.lock:
            self.problems.append(text)


STATE = State()


def pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()


def credentials():
    return {
        "apns": {"keyID": KEY_ID, "teamID": TEAM_ID, "privateKey": pem(STATE.apns_key)},
        "fcm": {"type": "service_account", "project_id": PROJECT, "private_key_id": "f00dfeed", "private_key": pem(STATE.fcm_key),
                "client_email": CLIENT_EMAIL, "client_id": "1234567890", "auth_uri": "https://accounts.google.com/o/oauth2/auth",
                "token_uri": "https://oauth2.googleapis.com/token"},
        # For the tests of bad input: a key on another curve than APNs signs with.
        "p384Key": pem(ec.generate_private_key(ec.SECP384R1())),
    }


def make_certificates(directory):
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "usernotifyd test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
          .not_valid_after(now + datetime.timedelta(days=7))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = (x509.CertificateBuilder()
                   .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])).issuer_name(ca_name)
                   .public_key(key.public_key()).serial_number(x509.random_serial_number())
                   .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=7))
                   .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                                  critical=False)
                   .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                   .sign(ca_key, hashes.SHA256()))
    paths = {name: os.path.join(directory, name) for name in ("ca.pem", "server.pem", "server-key.pem")}
    with open(paths["ca.pem"], "wb") as f:
        f.write(ca.public_bytes(serialization.Encoding.PEM))
    with open(paths["server.pem"], "wb") as f:
        f.write(certificate.public_bytes(serialization.Encoding.PEM))
    with open(paths["server-key.pem"], "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return paths


class Disconnected(Exception):
    """The client went away before its request's body was whole (a replica killed mid-request): there is
    nothing to judge and nobody to answer."""


async def read_body(receive):
    body = b""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Disconnected()
        body += message.get("body", b"")
        if not message.get("more_body"):
            return body


async def respond(send, status, body=b"", headers=()):
    if isinstance(body, (dict, list)):
        body = json.dumps(body).encode()
        headers = list(headers) + [(b"content-type", b"application/json")]
    await send({"type": "http.response.start", "status": status, "headers": list(headers)})
    await send({"type": "http.response.body", "body": body})


def check_apns(scope, headers, body, token):
    """What APNs would refuse, as (status, reason); None when the request is good."""
    if scope["http_version"] != "2":
        return 400, "BadHTTPVersion"  # APNs speaks HTTP/2 only
    if not re.fullmatch(r"[0-9a-f]{64,200}", token):
        return 400, "BadDeviceToken"
    authorization = headers.get("authorization", "")
    if not authorization.startswith("bearer "):
        return 403, "MissingProviderToken"
    provider_token = authorization[len("bearer "):]
    try:
        header = jwt.get_unverified_header(provider_token)
        claims = jwt.decode(provider_token, STATE.apns_key.public_key(), algorithms=["ES256"], options={"verify_aud": False})
    except jwt.PyJWTError as error:
        STATE.problem(f"apns: provider token does not verify: {error}")
        return 403, "InvalidProviderToken"
    if header.get("kid") != KEY_ID or claims.get("iss") != TEAM_ID or set(claims) != {"iss", "iat"}:
        STATE.problem(f"apns: provider token header {header} claims {claims}")
        return 403, "InvalidProviderToken"
    if not (time.time() - 3600 < claims["iat"] <= time.time() + 60):
        return 403, "ExpiredProviderToken"
    with STATE.lock:
        if provider_token not in STATE.apns_tokens:
            STATE.apns_tokens.append(provider_token)
    push_type = headers.get("apns-push-type")
    if push_type not in APNS_TYPES:
        return 400, "InvalidPushType"
    if not headers.get("apns-topic"):
        return 400, "MissingTopic"
    priority = headers.get("apns-priority", "10")
    if priority not in ("5", "10", "1") or (push_type == "background" and priority != "5"):
        return 400, "BadPriority"
    expiration = headers.get("apns-expiration")
    if expiration is not None and not expiration.isdigit():
        return 400, "BadExpirationDate"
    collapse = headers.get("apns-collapse-id")
    if collapse is not None and len(collapse.encode()) > 64:
        return 400, "BadCollapseId"
    if len(body) > 4096:
        return 413, "PayloadTooLarge"
    try:
        payload = json.loads(body)
    except ValueError:
        return 400, "BadPayload"
    aps = payload.get("aps") if isinstance(payload, dict) else None
    if not isinstance(aps, dict):
        return 400, "PayloadEmpty"
    if push_type == "background" and (aps.get("content-available") != 1 or "alert" in aps or "sound" in aps or "badge" in aps):
        STATE.problem(f"apns: a background push with more than content-available: {aps}")
        return 400, "BadPayload"
    if push_type == "alert" and not any(key in aps for key in ("alert", "badge", "sound")):
        STATE.problem(f"apns: an alert push without alert, badge or sound: {aps}")
    return None


async def apns(scope, receive, send, token):
    headers = {name.decode().lower(): value.decode() for name, value in scope["headers"]}
    with STATE.lock:
        STATE.apns_connections.add(tuple(scope.get("client") or ()))
    body = await read_body(receive)
    refused = check_apns(scope, headers, body, token)
    answer = STATE.next_answer("apns", token) if refused is None else {"status": refused[0], "reason": refused[1]}
    status = (answer or {}).get("status", 200)
    STATE.record("apns", token, {"headers": headers, "payload": json.loads(body or b"null") if refused is None else None,
                                 "status": status, "jwt": headers.get("authorization", "")[7:], "httpVersion": scope["http_version"]})
    apns_id = headers.get("apns-id") or str(uuid.uuid4()).upper()
    if status == 200:
        return await respond(send, 200, b"", [(b"apns-id", apns_id.encode())])
    reply = {"reason": answer.get("reason", "InternalServerError")}
    if status == 410:
        reply["timestamp"] = int(time.time() * 1000)
    extra = [(b"retry-after", str(answer["retryAfter"]).encode())] if "retryAfter" in answer else []
    await respond(send, status, reply, [(b"apns-id", apns_id.encode())] + extra)


async def oauth(scope, receive, send):
    form = urllib.parse.parse_qs((await read_body(receive)).decode())
    if form.get("grant_type") != ["urn:ietf:params:oauth:grant-type:jwt-bearer"] or "assertion" not in form:
        STATE.problem(f"oauth: not a JWT bearer grant: {form}")
        return await respond(send, 400, {"error": "unsupported_grant_type"})
    try:
        claims = jwt.decode(form["assertion"][0], STATE.fcm_key.public_key(), algorithms=["RS256"], audience=STATE.token_url)
    except jwt.PyJWTError as error:
        STATE.problem(f"oauth: assertion does not verify: {error}")
        return await respond(send, 400, {"error": "invalid_grant", "error_description": str(error)})
    if claims.get("iss") != CLIENT_EMAIL or "https://www.googleapis.com/auth/firebase.messaging" not in claims.get("scope", "").split() \
            or not (0 < claims["exp"] - claims["iat"] <= 3600):
        STATE.problem(f"oauth: claims {claims}")
        return await respond(send, 400, {"error": "invalid_grant"})
    token = "ya29." + base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("=")
    with STATE.lock:
        STATE.access_tokens.add(token)
        STATE.oauth_exchanges += 1
    await respond(send, 200, {"access_token": token, "expires_in": 3599, "token_type": "Bearer"})


def fcm_error(status, code, message):
    names = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED",
             500: "INTERNAL", 503: "UNAVAILABLE"}
    return {"error": {"code": status, "message": message, "status": names.get(status, "UNKNOWN"),
                      "details": [{"@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": code}]}}


async def fcm(scope, receive, send, project):
    headers = {name.decode().lower(): value.decode() for name, value in scope["headers"]}
    body = await read_body(receive)
    authorization = headers.get("authorization", "")
    with STATE.lock:
        known = authorization.startswith("Bearer ") and authorization[7:] in STATE.access_tokens
    if not known:
        return await respond(send, 401, fcm_error(401, "THIRD_PARTY_AUTH_ERROR", "Request had invalid authentication credentials."))
    if project != PROJECT:
        STATE.problem(f"fcm: project {project}")
        return await respond(send, 403, fcm_error(403, "SENDER_ID_MISMATCH", "wrong project"))
    try:
        message = json.loads(body)["message"]
        token = message["token"]
        assert all(isinstance(value, str) for value in message.get("data", {}).values()), "data values must be strings"
        assert set(message) <= {"token", "notification", "data", "android", "apns", "webpush", "fcm_options", "name"}, f"fields {set(message)}"
        # Google's message resource: https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages
        assert set(message.get("notification", {})) <= {"title", "body", "image"}, f"notification {message.get('notification')}"
        android = message.get("android", {})
        assert set(android) <= {"collapse_key", "priority", "ttl", "restricted_package_name", "data", "notification", "fcm_options",
                                "direct_boot_ok"}, f"android {set(android)}"
        assert android.get("priority", "NORMAL") in ("NORMAL", "HIGH"), f"android.priority {android.get('priority')}"
        assert re.fullmatch(r"\d+(\.\d{1,9})?s", android.get("ttl", "0s")), f"android.ttl {android.get('ttl')}"
        assert all(isinstance(value, str) for value in message.get("apns", {}).get("headers", {}).values()), "apns.headers: strings only"
        assert isinstance(message.get("apns", {}).get("payload", {}).get("aps", {}), dict), "apns.payload.aps"
    except (ValueError, KeyError, TypeError, AssertionError) as error:
        STATE.problem(f"fcm: bad message: {error!r}")
        return await respond(send, 400, fcm_error(400, "INVALID_ARGUMENT", str(error)))
    answer = STATE.next_answer("fcm", token) or {}
    status = answer.get("status", 200)
    STATE.record("fcm", token, {"headers": headers, "payload": message, "status": status, "httpVersion": scope["http_version"]})
    if status == 200:
        return await respond(send, 200, {"name": f"projects/{PROJECT}/messages/0:{time.time_ns()}"})
    extra = [(b"retry-after", str(answer["retryAfter"]).encode())] if "retryAfter" in answer else []
    await respond(send, status, fcm_error(status, answer.get("reason", "INTERNAL"), "scripted"), extra)


async def control(scope, receive, send):
    path, query = scope["path"], urllib.parse.parse_qs(scope["query_string"].decode())
    if scope["method"] == "GET" and path == "/credentials":
        return await respond(send, 200, credentials())
    if scope["method"] == "POST" and path == "/script":
        script = json.loads(await read_body(receive))
        with STATE.lock:
            STATE.scripts.setdefault((script["provider"], script["token"]), []).extend(script["answers"])
        return await respond(send, 204)
    if scope["method"] == "POST" and path == "/revoke":
        with STATE.lock:
            STATE.access_tokens.clear()
        return await respond(send, 204)
    if scope["method"] == "GET" and path == "/messages":
        with STATE.lock:
            messages = list(STATE.messages.get((query["provider"][0], query["token"][0]), []))
        return await respond(send, 200, messages)
    if scope["method"] == "GET" and path == "/stats":
        with STATE.lock:
            stats = {"oauthExchanges": STATE.oauth_exchanges, "apnsTokens": list(STATE.apns_tokens),
                     "apnsConnections": len(STATE.apns_connections)}
        return await respond(send, 200, stats)
    if scope["method"] == "GET" and path == "/problems":
        with STATE.lock:
            problems = list(STATE.problems)
        return await respond(send, 200, problems)
    await respond(send, 404, {"error": "no such route"})


async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    try:
        await route(scope, receive, send)
    except Disconnected:
        pass


async def route(scope, receive, send):
    if scope["scheme"] == "http":
        return await control(scope, receive, send)
    path = scope["path"]
    if scope["method"] == "POST" and path.startswith("/3/device/"):
        return await apns(scope, receive, send, path[len("/3/device/"):])
    if scope["method"] == "POST" and path == "/token":
        return await oauth(scope, receive, send)
    match = re.fullmatch(r"/v1/projects/([^/]+)/messages:send", path)
    if scope["method"] == "POST" and match:
        return await fcm(scope, receive, send, match.group(1))
    STATE.problem(f"no such route: {scope['method']} {path}")
    await respond(send, 404, {"reason": "BadPath"})


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True, help="where ca.pem and the server's certificate go")
    arguments = parser.parse_args()
    paths = make_certificates(arguments.dir)
    tls_port, control_port = free_port(), free_port()
    STATE.token_url = f"https://127.0.0.1:{tls_port}/token"
    config = Config()
    config.bind = [f"127.0.0.1:{tls_port}"]
    config.insecure_bind = [f"127.0.0.1:{control_port}"]
    config.certfile, config.keyfile = paths["server.pem"], paths["server-key.pem"]
    config.alpn_protocols = ["h2", "http/1.1"]
    config.accesslog = None
    config.errorlog = "-"
    config.loglevel = "WARNING"
    config.h2_max_concurrent_streams = 1000
    config.keep_alive_timeout = 3600

    async def run():
        shutdown = asyncio.Event()
        served = asyncio.ensure_future(serve(app, config, shutdown_trigger=shutdown.wait))
        # Announced once both ports accept connections.
        for port in (tls_port, control_port):
            while True:
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", port)
                    writer.close()
                    break
                except OSError:
                    await asyncio.sleep(0.05)
        print(f"listening {tls_port} control {control_port}", flush=True)
        await served

    asyncio.run(run())


if __name__ == "__main__":
    main()
