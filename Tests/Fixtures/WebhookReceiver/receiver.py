#!/usr/bin/env python3
"""A webhook receiver for the tests: verifies every call with the official `standardwebhooks` package
and answers as its mode says. POST /hook receives; POST /control/mode {"mode": …} changes the mode;
GET /control/received lists what came in (?brief=1: without bodies, with each event's type, center
and notification identifier). Prints `listening <port>` once ready.

Service-extension calls answer {"content": …} as POST /control/service {"service": …} says: title:T (the
request's content with title T), attach:URL (title "Attached", one attachment `img` fetched from URL),
invalid, noalert, status:N, slow:S,ANSWER, or hold (the call waits until the control names another
answer, then gets that one).
Content-extension calls answer {"option": …} as POST /control/extension {"extension": …} says (an
option, or slow:S,OPTION). willPresent calls (`type` notification.willPresent) are answered as POST /control/present {"present": …}
says: a comma-separated option list (`banner,sound`; empty: none) · wrong:OPTIONS (options off the contract,
on purpose) · slow:S,OPTIONS (answers after S seconds) · hang (records the call, never answers)
· status:N · garbage (a 200 that is not {"options": …}).

Every call's body is validated against its schema in openapi.yaml's `webhooks:` section, and every
answer given to a synchronous call against the answer's schema (except the deliberately wrong answers:
garbage, wrong:…, invalid, status:N): a mismatch is recorded in the call's `schemaErrors` and printed.

Modes (for everything else): ok · redirect (302 to /hook) · fail:N (500 for the first N calls, then 200) · gone (410) · abort (500 with
`webhook-delivery: abort-message`) · retry-after:S (503 with Retry-After: S once, then 200) · hang (records the call, then never
answers: it holds the connection until the receiver stops)
"""
import argparse, json, os, signal, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

SPEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "openapi.yaml")


class Contract:
    """The webhooks of openapi.yaml: a validator for each call's body and for each synchronous answer
    (each made once and kept)."""

    def __init__(self, path):
        with open(path) as file:
            spec = yaml.load(file, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        self.registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, default_specification=DRAFT202012))
        self.webhooks = spec.get("webhooks") or {}
        self.validators = {}
        self.lock = threading.Lock()

    def validator(self, pointer):
        with self.lock:
            if pointer not in self.validators:
                self.validators[pointer] = Draft202012Validator({"$ref": "urn:spec#" + pointer}, registry=self.registry)
            return self.validators[pointer]

    def errors(self, pointer, instance):
        return [f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message}" for error in self.validator(pointer).iter_errors(instance)]

    def check_call(self, message):
        kind = message.get("type") if isinstance(message, dict) else None
        if kind not in self.webhooks:
            return [f"no webhook '{kind}' in openapi.yaml"]
        return self.errors(f"/webhooks/{kind}/post/requestBody/content/application~1json/schema", message)

    def check_answer(self, kind, answer):
        return self.errors(f"/webhooks/{kind}/post/responses/200/content/application~1json/schema", answer)


contract = None


lock = threading.Lock()
state = {"mode": "ok", "calls": 0, "received": [], "present": "banner,list,sound,badge", "extension": "dismissAndForwardAction", "service": "title:Changed"}
validating = threading.Condition(lock)
# Tells calls held by a `hold` answer that the control changed.
answers = threading.Condition(lock)
state["validating"] = 0


def check_later(record, message, answer=None):
    """Marks a call as being checked; `checked` (after the reply went out, so that checking never
    delays an answer) records what in it, and in the answer given, is not as openapi.yaml says.
    GET /control/received waits for every check."""
    with lock:
        state["validating"] += 1
    return lambda: checked(record, message, answer)


def checked(record, message, answer):
    errors = contract.check_call(message)
    if answer is not None:
        errors += [f"answer: {error}" for error in contract.check_answer(message.get("type"), answer)]
    if errors:
        print(json.dumps({"event": "schemaErrors", "type": message.get("type"), "errors": errors}), flush=True)
    with lock:
        record["schemaErrors"] = errors
        state["validating"] -= 1
        validating.notify_all()


def brief(record):
    """A record without its body: the event's type, center and notification identifier instead."""
    body = record.get("body") or {}
    data = body.get("data") or {}
    request = (data.get("notification") or {}).get("request") or data.get("request") or {}
    return {
        "id": record.get("id"), "verifiedWith": record.get("verifiedWith"), "status": record.get("status"),
        "type": body.get("type"), "centerID": data.get("centerID"), "identifier": request.get("identifier"),
        "schemaErrors": record.get("schemaErrors") or [],
    }


def answer_for(mode, calls):
    """(status, headers) for the calls-th call (1-based) in this mode."""
    if mode.startswith("fail:"):
        return (500, {}) if calls <= int(mode.split(":")[1]) else (200, {})
    if mode == "gone":
        return 410, {}
    if mode == "redirect":
        return 302, {"Location": "/hook"}
    if mode == "abort":
        return 500, {"webhook-delivery": "abort-message"}
    if mode.startswith("retry-after:"):
        return (503, {"Retry-After": mode.split(":")[1]}) if calls == 1 else (200, {})
    return 200, {}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body=b"", headers=None):
        # A caller that hung up (a server stopped while its call was out) gets no answer; the call is still
        # checked after (a reply that raised skipped the check, and every later GET /control/received
        # waited 30 s for it).
        try:
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def do_GET(self):
        if self.path in ("/control/received", "/control/received?brief=1"):
            with lock:
                validating.wait_for(lambda: state["validating"] == 0, timeout=30)
                received = list(state["received"])
            if self.path.endswith("brief=1"):
                received = [brief(record) for record in received]
            return self.reply(200, json.dumps(received).encode(), {"Content-Type": "application/json"})
        self.reply(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path.startswith("/control/"):
            name = self.path[len("/control/"):]
            with lock:
                state[name] = json.loads(body)[name]
                answers.notify_all()
                if name == "mode":
                    state["calls"] = 0
            return self.reply(204)
        headers = {name.lower(): value for name, value in self.headers.items()}
        verified = []
        for index, secret in enumerate(self.server.secrets):
            try:
                Webhook(secret).verify(body, headers)
                verified.append(index)
            except WebhookVerificationError:
                pass
        message = json.loads(body) if body else {}
        if message.get("type") == "notification.willPresent":
            return self.will_present(headers, verified, message)
        if message.get("type") == "notification.serviceExtension":
            return self.service_extension(headers, verified, message)
        if message.get("type") == "notification.contentExtension":
            return self.content_extension(headers, verified, message)
        with lock:
            state["calls"] += 1
            status, extra = answer_for(state["mode"], state["calls"])
            record = {
                "id": headers.get("webhook-id"), "timestamp": headers.get("webhook-timestamp"),
                "signature": headers.get("webhook-signature"), "verifiedWith": verified, "status": status,
                "traceparent": headers.get("traceparent"), "body": message, "schemaErrors": [],
            }
            state["received"].append(record)
        check = check_later(record, message)
        print(json.dumps({"event": "received", **{k: record[k] for k in ("id", "verifiedWith", "status")}}), flush=True)
        if state["mode"] == "hang":
            check()
            threading.Event().wait()
        self.reply(status, b"{}", {"Content-Type": "application/json", **extra})
        check()


def synchronous_answer(self, key, headers, verified, message):
    """Records a synchronous call and returns the answer its control says, after a slow:S, prefix's wait."""
    record = {
        "id": headers.get("webhook-id"), "verifiedWith": verified, "status": 200, "traceparent": headers.get("traceparent"),
        "body": message, "schemaErrors": [],
    }
    with lock:
        state["received"].append(record)
        answers.wait_for(lambda: state[key] != "hold")
        answer = state[key]
    if answer == "hang":
        threading.Event().wait()
    if answer.startswith("slow:"):
        seconds, _, answer = answer[len("slow:"):].partition(",")
        time.sleep(float(seconds))
    return answer, record


def will_present(self, headers, verified, message):
    present, record = self.synchronous_answer("present", headers, verified, message)
    if present.startswith("status:"):
        check = check_later(record, message)
        self.reply(int(present.split(":")[1]))
        return check()
    if present == "garbage":
        check = check_later(record, message)
        self.reply(200, b'{"nope": true}', {"Content-Type": "application/json"})
        return check()
    # wrong:OPTIONS answers options off the contract on purpose (the server must refuse them).
    wrong = present.startswith("wrong:")
    answer = {"options": [option for option in present.removeprefix("wrong:").split(",") if option]}
    check = check_later(record, message, None if wrong else answer)
    self.reply(200, json.dumps(answer).encode(), {"Content-Type": "application/json"})
    check()


def content_extension(self, headers, verified, message):
    option, record = self.synchronous_answer("extension", headers, verified, message)
    answer = {"option": option}
    check = check_later(record, message, answer)
    self.reply(200, json.dumps(answer).encode(), {"Content-Type": "application/json"})
    check()


def service_extension(self, headers, verified, message):
    answer, record = self.synchronous_answer("service", headers, verified, message)
    if answer.startswith("status:"):
        check = check_later(record, message)
        self.reply(int(answer.split(":")[1]))
        return check()
    content = dict(message["data"]["request"]["content"])
    if answer.startswith("title:"):
        content["title"] = answer[len("title:"):]
    elif answer.startswith("attach:"):
        content["title"] = "Attached"
        content["attachments"] = [{"identifier": "img", "url": answer[len("attach:"):]}]
    elif answer == "invalid":
        content["badge"] = -1
    elif answer == "noalert":
        content = {"sound": {"type": "default"}}
    # "invalid" is wrong on purpose (the server must refuse it); every other answer must be as the spec says.
    check = check_later(record, message, None if answer == "invalid" else {"content": content})
    self.reply(200, json.dumps({"content": content}).encode(), {"Content-Type": "application/json"})
    check()


Handler.synchronous_answer = synchronous_answer
Handler.will_present = will_present
Handler.content_extension = content_extension
Handler.service_extension = service_extension


def main():
    # The test process may start children with SIGTERM blocked; take it back.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    parser = argparse.ArgumentParser()
    parser.add_argument("--secret", action="append", default=[], help="a whsec_ secret to verify with (repeatable)")
    parser.add_argument("--mode", default="ok")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--spec", default=SPEC, help="the openapi.yaml whose webhooks the calls must match")
    arguments = parser.parse_args()
    global contract
    contract = Contract(arguments.spec)
    state["mode"] = arguments.mode
    # Several replicas send at once: a backlog as deep as their connections, not the default five.
    ThreadingHTTPServer.request_queue_size = 256
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    # Calls left hanging must not keep the receiver from exiting.
    server.daemon_threads = True
    server.secrets = arguments.secret
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
