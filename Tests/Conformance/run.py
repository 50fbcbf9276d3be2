#!/usr/bin/env python3
"""Conformance: schemathesis against openapi.yaml and the real server (part of `make test`).

Starts the debug `usernotifyd` on a free loopback port with a fresh data directory and the virtual
clock, creates an app, its key and a center through the API, then runs schemathesis with every check,
positive and negative data, all phases including the stateful one, fixed seeds and a time budget, once
per principal and seed (operator, app, user), each with its own credential. Each seed has a server of its
own, and the seeds run at once. Any failure fails `make test`.
"""
import concurrent.futures, json, os, re, signal, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.dirname(os.path.abspath(__file__))
ADMIN = "conformance-admin-token"
# Fixed seeds: each explores different inputs, and each is the same on every machine and every run. 4242
# found that the event stream's schema did not describe its events (ST108). CONFORMANCE_SEEDS=1,7 overrides.
SEEDS = [int(seed) for seed in os.environ.get("CONFORMANCE_SEEDS", "1,2,4242").split(",")]


def start(binary, data_dir):
    # No limit on requests without a credential: schemathesis sends hundreds a second from one address and
    # expects each answered 401, not 429 (the limit itself is tested in APITests).
    command = [binary, "--port", "0", "--data-dir", data_dir, "--admin-token", ADMIN, "--virtual-clock", "1",
               "--rate-limit-anonymous", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    deadline = time.time() + 60
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(r'"http\.port":"(\d+)"', line)
        if match and "listening" in line:
            port = int(match.group(1))
        if port and "storage ready" in line:
            return process, port
    process.kill()
    raise SystemExit("usernotifyd did not start")


def call(port, method, path, token, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def main():
    binary = os.path.join(ROOT, ".build", "debug", "usernotifyd")
    schemathesis = os.path.join(ROOT, ".venv", "bin", "schemathesis")
    seconds = int(os.environ.get("CONFORMANCE_SECONDS", "100"))
    # Each seed has a server of its own: on one server, a seed's operator run (which may delete apps and
    # revoke keys) left the next seeds' app and user runs answered 401 for nearly everything. And the seeds
    # run at once: a run mostly waits on its server's answers (about 0.6 of a core for both), so on two
    # cores three take little more than the wall time of one. Sharing the cores, each explores about a
    # third less in a given time than alone: hence 100 s, not 80.
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(SEEDS)) as pool:
        results = list(pool.map(lambda seed: conform(seed, binary, schemathesis, seconds), SEEDS))
    failed = []
    for seed, (failures, output) in zip(SEEDS, results):
        print(f"conformance: seed {seed}", flush=True)
        print(output, end="", flush=True)
        failed += failures
    if failed:
        raise SystemExit(f"conformance failures for: {', '.join(failed)}")
    print("conformance: no failures")


def conform(seed, binary, schemathesis, seconds):
    """Every principal's run with one seed against a fresh server: the failures, and everything printed."""
    output, failed = [], []
    with tempfile.TemporaryDirectory(prefix="usernotifyd-conformance-") as data_dir:
        process, port = start(binary, data_dir)
        # Keep the server's log flowing so that it never blocks on a full pipe.
        log_path = os.path.join(data_dir, "server.log")
        with open(log_path, "w") as log:
            drain = subprocess.Popen(["cat"], stdin=process.stdout, stdout=log)
        try:
            app = call(port, "POST", "/v1/apps", ADMIN, {"name": "Conformance"})
            key = call(port, "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
            center = call(port, "POST", "/v1/centers", key, {"id": "phone-1", "timeZone": "Europe/Berlin"})
            # The user allows notifications, and one has been delivered, so that the user's operations have
            # something to act on.
            call(port, "POST", "/v1/centers/phone-1/authorization", key, {"options": ["alert", "sound", "badge"]})
            call(port, "POST", "/v1/me/authorization", center["token"], {"allowed": True})
            call(port, "PUT", "/v1/categories", key, {"categories": [{"identifier": "MESSAGE", "actions": [
                {"identifier": "REPLY", "title": "Reply", "textInput": {"buttonTitle": "Send", "placeholder": ""}},
                {"identifier": "ACCEPT", "title": "Accept"}]}]})
            call(port, "POST", "/v1/centers/phone-1/requests", key,
                 {"identifier": "delivered-1", "content": {"title": "Hi", "categoryIdentifier": "MESSAGE"}})
            push_token = call(port, "GET", "/v1/centers/phone-1/push-token", key)["token"]
            for run in runs(key, center["token"], seconds, app["id"], push_token):
                config = os.path.join(data_dir, f"{run['name']}.toml")
                with open(config, "w") as file:
                    file.write(toml(run))
                command = [schemathesis, "--config-file", config, "run", os.path.join(ROOT, "openapi.yaml"),
                           "--url", f"http://127.0.0.1:{port}", "--checks", "all", "--mode", "all", "--seed", str(seed),
                           "--max-time", str(run["seconds"]), "--workers", "1", "--no-color"] + run["filters"]
                if not run.get("stateful", True):
                    command += ["--phases", "examples,coverage,fuzzing"]
                output.append(f"conformance: {run['name']}, seed {seed} ({run['seconds']} s)\n")
                finished = subprocess.run(command, env=dict(os.environ, PYTHONPATH=HERE), stdout=subprocess.PIPE,
                                          stderr=subprocess.STDOUT, text=True)
                output.append(finished.stdout)
                if finished.returncode != 0:
                    failed.append(f"{run['name']} (seed {seed})")
            if process.poll() is not None:
                failed.append(f"the server of seed {seed} exited during its run")
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
            drain.wait()
            if failed:
                with open(log_path) as log:
                    output.append(f"conformance: the server's log for seed {seed}, its last lines:\n")
                    output += log.readlines()[-40:]
    return failed, "".join(output)


def principal_operations():
    """Each principal's operations, by the security scheme openapi.yaml names for them: `health` for those
    without one, `operator` for the admin token (and what any principal may call)."""
    import yaml
    document = yaml.safe_load(open(os.path.join(ROOT, "openapi.yaml")))
    schemes = {"adminToken": "operator", "appKey": "app", "centerToken": "user"}
    operations = {"health": [], "operator": [], "app": [], "user": []}
    for path in document["paths"].values():
        for method, operation in path.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            names = [name for requirement in operation.get("security", []) for name in requirement]
            principal = "health" if not names else "operator" if "adminToken" in names else schemes[names[0]]
            operations[principal].append(operation["operationId"])
    return {principal: "^(" + "|".join(ids) + ")$" for principal, ids in operations.items()}


def runs(key, center_token, seconds, app_id, push_token):
    """One schemathesis run per principal. Path parameters are pinned to live resources where deleting them
    (or rotating the push token) would starve the rest of the run; the lifecycle runs reach their ids
    through the spec's links."""
    center = {"centerID": "phone-1", "Prefer": "wait=1", "deviceToken": push_token, "apns-topic": app_id, "bundle": app_id}
    of = principal_operations()
    plan = [
        {"name": "user", "token": center_token, "parameters": {"identifier": "delivered-1"}, "stateful": False,
         "filters": ["--include-operation-id-regex", of["user"]], "share": 2},
        {"name": "app", "token": key, "parameters": center, "share": 3,
         "filters": ["--include-operation-id-regex", of["app"], "--exclude-operation-id-regex", "^(deleteCenter|rotatePushToken)$"]},
        {"name": "app-centers", "token": key, "parameters": {}, "share": 1,
         "filters": ["--include-operation-id-regex", "^(createCenter|getCenter|deleteCenter|getPushToken|rotatePushToken)$"]},
        {"name": "operator", "token": ADMIN, "parameters": {}, "filters": ["--include-operation-id-regex", of["operator"]], "share": 1},
        {"name": "health", "token": "none", "parameters": {}, "filters": ["--include-operation-id-regex", of["health"]], "share": 1,
         "stateful": False},
    ]
    return [dict(run, seconds=max(5, seconds * run["share"] // 8)) for run in plan]


def toml(run):
    lines = ['hooks = "hooks"', f'headers = {{ Authorization = "Bearer {run["token"]}" }}', "max-stream-events = 3",
             "request-timeout = 10.0", "", "[parameters]"]
    lines += [f'"{name}" = "{value}"' for name, value in run["parameters"].items()]
    # Schema-valid data may still break a rule of the framework that JSON Schema cannot state — an action
    # identifier unique within its category, a calendar date still to come, an action of this notification's
    # category: those answer 422 with their own code, as openapi.yaml documents. A 400 (the body does not
    # decode) stays a failure, so the schema and the decoders must agree exactly.
    lines += ["", "[checks.positive_data_acceptance]", 'expected-statuses = ["2XX", "3XX", 401, 403, 404, 409, 422, 429]']
    # Data the schema forbids may also be too large to read at all: a body over --max-body-bytes (1 MiB) is
    # refused with 413 before it is parsed, as openapi.yaml documents (schemathesis' own list lacks 413).
    lines += ["", "[checks.negative_data_rejection]",
              'expected-statuses = [400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 428, 429, "5XX"]']
    # An upload is judged by its bytes (type, cap, quota), which no schema states; a range is judged
    # against the file's length (416). APNs answers its cross-field rules (the push type against the
    # payload, a background push's priority) with 400, and a payload over 4096 bytes (bytes, not
    # characters) with 413, as documented; its broadcast channels likewise, and a channel id that is no
    # channel of the app's (any string is schema-valid) with 400 ChannelNotRegistered.
    accepted = {
        "uploadMedia": '["2XX", 401, 403, 413, 415, 422, 507]',
        "downloadMedia": '["2XX", "3XX", 401, 403, 404, 416]',
        "downloadAttachment": '["2XX", "3XX", 401, 403, 404, 416]',
        "sendPush": '["2XX", 400, 403, 404, 410, 413]',
        "createAPNsChannel": '["2XX", 400, 403]',
        "readAPNsChannel": '["2XX", 400, 403]',
        "deleteAPNsChannel": '["2XX", 400, 403]',
        "publishOnAPNsChannel": '["2XX", 400, 403, 413]',
    }
    # APNs answers a request without a provider token 403 MissingProviderToken, where schemathesis' coverage
    # phase wants 401 for a missing Authorization (hard-coded, and `--checks all` overrides an operation's
    # own setting): the broadcast channel operations answer as APNs does, so they skip that phase (examples
    # and fuzzing run all checks), and ChannelTests checks every missing header.
    channels = {"createAPNsChannel", "readAPNsChannel", "deleteAPNsChannel", "listAPNsChannels", "publishOnAPNsChannel"}
    for operation in sorted(set(accepted) | channels):
        lines += ["", "[[operations]]", f'include-operation-id = "{operation}"']
        if operation in accepted:
            lines += ["[operations.checks.positive_data_acceptance]", f"expected-statuses = {accepted[operation]}"]
        if operation in channels:
            lines += ["[operations.phases.coverage]", "enabled = false"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
