#!/usr/bin/env python3
"""An OpenTelemetry collector's OTLP/HTTP traces endpoint on loopback, for the tests: it accepts
`POST /v1/traces` in OTLP's JSON encoding, decodes every span (ids as hex, the resource's and the
span's attributes, status) and answers 200 as a collector does; `GET /spans` lists what arrived,
flattened. Anything else it cannot decode is a 400 and is kept as an error for the test to see.

    receiver.py --port 0      prints "listening PORT" once it serves
"""
import argparse, json, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SPANS, ERRORS = [], []
LOCK = threading.Lock()


def value(attribute):
    kind, raw = next(iter(attribute["value"].items()))
    return int(raw) if kind == "intValue" else raw


def decode(document):
    spans = []
    for resource_spans in document["resourceSpans"]:
        resource = {attribute["key"]: value(attribute) for attribute in resource_spans["resource"]["attributes"]}
        for scope_spans in resource_spans["scopeSpans"]:
            for span in scope_spans["spans"]:
                for field, length in (("traceId", 32), ("spanId", 16), ("parentSpanId", 16)):
                    if field in span and (len(span[field]) != length or int(span[field], 16) == 0):
                        raise ValueError(f"{field} {span[field]!r} is not {length} hex digits")
                start, end = int(span["startTimeUnixNano"]), int(span["endTimeUnixNano"])
                if end < start:
                    raise ValueError(f"span {span['name']} ends before it starts")
                spans.append({
                    "traceId": span["traceId"], "spanId": span["spanId"], "parentSpanId": span.get("parentSpanId"),
                    "name": span["name"], "kind": span["kind"], "status": span.get("status", {}).get("code", 0),
                    "attributes": {attribute["key"]: value(attribute) for attribute in span.get("attributes", [])},
                    "resource": resource, "scope": scope_spans["scope"]["name"],
                })
    return spans


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/redirect":
            # A collector that sends spans elsewhere: the exporter must not follow.
            self.send_response(307)
            self.send_header("Location", "/v1/traces")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path != "/v1/traces" or self.headers.get("Content-Type") != "application/json":
            with LOCK:
                ERRORS.append(f"{self.path} {self.headers.get('Content-Type')}")
            return self.answer(404, {})
        try:
            spans = decode(json.loads(body))
        except (KeyError, ValueError, StopIteration, json.JSONDecodeError) as error:
            with LOCK:
                ERRORS.append(repr(error))
            return self.answer(400, {"error": repr(error)})
        with LOCK:
            SPANS.extend(spans)
        self.answer(200, {"partialSuccess": {}})

    def do_GET(self):
        with LOCK:
            self.answer(200, {"spans": SPANS, "errors": ERRORS})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    server = ThreadingHTTPServer(("127.0.0.1", parser.parse_args().port), Handler)
    print(f"listening {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
