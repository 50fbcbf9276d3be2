#!/usr/bin/env python3
"""make bench: usernotifyd against a bare C libmicrohttpd server, interleaved in one run.

Each round starts every server fresh, warms it for 1 s, then measures it with wrk for DURATION seconds
(keep-alive, CONNECTIONS connections, one wrk thread); rounds rotate the order. Medians are reported,
with each figure as a ratio of the baseline measured in the same rounds: the machines are shared and
noisy, so only ratios compare across runs.
"""
import argparse, json, os, re, signal, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", ".work")


def start(command):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 30
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        match = re.search(r'"http\.port":"(\d+)"', line)
        if match and "listening" in line:
            return process, int(match.group(1))
    process.kill()
    raise SystemExit(f"{command[0]} did not start")


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(url, seconds, connections, script=None):
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"] + (["-s", script] if script else []) + [url]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    def latency(label):
        value, unit = re.search(rf"{label}%\s+([\d.]+)(us|ms|s)", output).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": latency("50"), "p99": latency("99"),
        "errors": int(errors.group(1)) if errors else 0,
    }


ADMIN = "bench-admin-token"


def build_baseline():
    """The bare C libmicrohttpd server: the HTTP baseline, and the sink webhooks are posted to."""
    os.makedirs(WORK, exist_ok=True)
    baseline = os.path.join(WORK, "baseline-hello")
    cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "libmicrohttpd"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", baseline, os.path.join(ROOT, "Benchmarks", "baseline-hello.c"), *cflags, "-lpthread"], check=True)
    return baseline


def burst_ceiling(args):
    """What any implementation of today's firing could reach on SQLite: `burst-ceiling.c` runs the firing's
    statements through the C API alone, on the schema of a database the server made, against the burst's raw
    baseline in the same run (scheduler-bench's burst row is what usernotifyd reaches), then a broadcast's
    fan-out against the recording's raw baseline (the broadcast part's recording row)."""
    ceiling = os.path.join(WORK, "burst-ceiling")
    subprocess.run(["gcc", "-O2", "-o", ceiling, os.path.join(ROOT, "Benchmarks", "burst-ceiling.c"), "-lsqlite3"], check=True)
    data = os.path.join(WORK, "data-ceiling")
    subprocess.run(["rm", "-rf", data], check=True)
    server, _ = start([args.usernotifyd, "--port", "0", "--data-dir", data, "--admin-token", ADMIN])
    stop(server)
    print()
    subprocess.run([ceiling, os.path.join(data, "usernotifyd.sqlite"), WORK, "20000", str(args.rounds)], check=True)


def api(port, method, path, token, body=None):
    import urllib.request
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"{}")


def prepare_api(port):
    """An app, a key and an authorized center with 10 pending requests; returns the app key."""
    import urllib.request
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz") as response:
                if response.status == 200:
                    break
        except Exception:
            time.sleep(0.05)
    app = api(port, "POST", "/v1/apps", ADMIN, {"name": "bench", "authorizationPolicy": "grant"})
    key = api(port, "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
    api(port, "POST", "/v1/centers", key, {"id": "bench"})
    api(port, "POST", "/v1/centers/bench/authorization", key, {"options": ["alert", "sound", "badge"]})
    for index in range(10):
        api(port, "POST", "/v1/centers/bench/requests", key,
            {"identifier": f"r{index}", "content": {"title": f"Reminder {index}"}, "trigger": {"type": "timeInterval", "timeInterval": 86400}})
    return key


def wrk_script(key, method):
    body = json.dumps({"identifier": "upsert", "content": {"title": "Tea is ready"}, "trigger": {"type": "timeInterval", "timeInterval": 86400}})
    path = os.path.join(WORK, f"wrk-{method}.lua")
    with open(path, "w") as script:
        script.write(f'wrk.method = "{method}"\n')
        script.write(f'wrk.headers["Authorization"] = "Bearer {key}"\n')
        script.write('wrk.headers["Content-Type"] = "application/json"\n')
        if method == "POST":
            script.write(f"wrk.body = {json.dumps(body)}\n")
    return path


def measure(name, command, path, args, api_method=None):
    if "--data-dir" in command:  # every round starts from an empty database
        subprocess.run(["rm", "-rf", command[command.index("--data-dir") + 1]], check=True)
    process, port = start(command)
    try:
        url = f"http://127.0.0.1:{port}{path}"
        script = wrk_script(prepare_api(port), api_method) if api_method else None
        wrk(url, 1, args.connections, script)
        before = cpu_seconds(process.pid)
        result = wrk(url, args.duration, args.connections, script)
        result["server_cpu"] = (cpu_seconds(process.pid) - before) / args.duration
        return result
    finally:
        stop(process)


WEBHOOK_PAYLOAD = json.dumps({"data": {"actionIdentifier": "com.apple.UNNotificationDefaultActionIdentifier", "centerID": "phone-1",
    "notification": {"date": "2026-11-21T10:00:00.000Z", "presentation": {"badge": False, "banner": True, "list": True,
    "lockScreen": False, "reasons": [], "sound": True}, "request": {"content": {"body": "Your tea has steeped for four minutes.",
    "title": "Tea is ready"}, "identifier": "tea"}}}, "timestamp": "2026-11-21T10:00:01.000Z", "type": "notification.response"},
    separators=(",", ":"), sort_keys=True)


def webhook_round(baseline, args):
    """wrk's own rate of signed-size POSTs against the C sink, then a bare AsyncHTTPClient loop posting the
    same body and headers, the same loop on usernotifyd's own HTTP client (OutboundHTTPClient), then
    usernotifyd's dispatcher; each against a fresh sink, with the same connections."""
    script = os.path.join(WORK, "wrk-webhook.lua")
    with open(script, "w") as handle:
        handle.write('wrk.method = "POST"\n')
        handle.write('wrk.headers["Content-Type"] = "application/json"\n')
        handle.write('wrk.headers["webhook-id"] = "msg_0123456789abcdef0123456789abcdef"\n')
        handle.write('wrk.headers["webhook-timestamp"] = "1763719200"\n')
        handle.write('wrk.headers["webhook-signature"] = "v1,' + "A" * 43 + '="\n')
        handle.write(f"wrk.body = {json.dumps(WEBHOOK_PAYLOAD)}\n")
    sink, port = start([baseline])
    try:
        wrk(f"http://127.0.0.1:{port}/hook", 1, args.webhook_connections, script)
        baseline_rate = wrk(f"http://127.0.0.1:{port}/hook", args.duration, args.webhook_connections, script)["rps"]
    finally:
        stop(sink)
    rates = bench_modes(baseline, args, ("ahc", "own", "dispatcher"))
    return baseline_rate, rates["ahc"], rates["dispatcher"], rates["own"]


def bench_modes(baseline, args, modes, messages=None, connections=None, extra=()):
    """The rate of each `webhook-bench --mode`, each against a fresh sink; every message must arrive."""
    messages = messages or args.webhook_messages
    rates = {}
    for mode in modes:
        sink, port = start([baseline])
        try:
            output = subprocess.run([args.webhook_bench, "--mode", mode, "--sink-port", str(port), "--messages", str(messages),
                                     "--connections", str(connections or args.webhook_connections), *extra],
                                    capture_output=True, text=True, check=True).stdout
            result = json.loads(output.strip().splitlines()[-1])
        finally:
            stop(sink)
        if result["delivered"] != messages:
            raise SystemExit(f"webhook-bench --mode {mode} delivered {result['delivered']} of {messages}")
        rates[mode] = result["rate"]
    return rates


def push_round(baseline, args):
    """Web Pushes: a bare AsyncHTTPClient loop posting one encrypted, signed push with its headers; the bare
    loop encrypting every push for its subscription (RFC 8291: a fresh key, ECDH, HKDF, AES-GCM; the VAPID
    header made once); then the dispatcher making, encrypting and signing each push for 100 subscriptions."""
    rates = bench_modes(baseline, args, ("push-ahc", "push-encrypt", "push"))
    return rates["push-ahc"], rates["push-encrypt"], rates["push"]


def push_burst(baseline, args):
    """10,000 subscriptions on one push service's origin, one push each, all due at once, with as many
    attempts in flight as the server's default (256): every push must arrive on its first attempt (a pool
    time-out would be a failed attempt whose retry comes minutes later, and the run would stop short)."""
    return bench_modes(baseline, args, ("push",), messages=10_000, connections=256, extra=("--subscriptions", "10000"))["push"]


def relay_round(args):
    """Relays to phones: a bare AsyncHTTPClient HTTP/2 loop posting one APNs request (payload, headers, provider
    token) over TLS, the same loop on the relay's own HTTP/2 client, then the dispatcher making each request for
    100 APNs registrations; each against a fresh h2-sink (HTTP/2 over TLS, answering every request 200)."""
    certificate, key = os.path.join(WORK, "h2-sink.pem"), os.path.join(WORK, "h2-sink-key.pem")
    if not os.path.exists(certificate):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                        "-keyout", key, "-out", certificate, "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-days", "1"], check=True, capture_output=True)
    rates = {}
    for mode in ("relay-h2", "relay-own", "relay"):
        sink = subprocess.Popen([args.h2_sink, "--cert", certificate, "--key", key], stdout=subprocess.PIPE, text=True)
        try:
            port = int(sink.stdout.readline().split()[1])
            output = subprocess.run([args.webhook_bench, "--mode", mode, "--sink-origin", f"https://127.0.0.1:{port}",
                                     "--ca", certificate, "--messages", str(args.webhook_messages),
                                     "--connections", str(args.webhook_connections)], capture_output=True, text=True, check=True).stdout
            result = json.loads(output.strip().splitlines()[-1])
        finally:
            stop(sink)
        if result["delivered"] != args.webhook_messages:
            raise SystemExit(f"webhook-bench --mode {mode} delivered {result['delivered']} of {args.webhook_messages}")
        rates[mode] = result["rate"]
    return rates["relay-h2"], rates["relay"], rates["relay-own"]


def broadcast_round(baseline, args):
    """A broadcast to --broadcast-centers centers, each with one browser's subscription on the C sink: the
    single-notification push rate (the dispatcher, -c32) against the broadcast's, from the firing instant until
    every push was sent (the fan-out and the pushes beside each other); the fan-out's recording alone against raw
    SQLite writing one delivered and one outbox row per center, 1,024 a transaction (--rounds runs, each
    against its own raw run); and the peak resident memory of a fan-out to a million centers (no
    subscriptions)."""
    def once(mode, centers):
        sink, port = start([baseline])
        try:
            output = subprocess.run([args.webhook_bench, "--mode", mode, "--sink-port", str(port), "--messages", str(centers),
                                     "--connections", str(args.webhook_connections)], capture_output=True, text=True, check=True).stdout
            return json.loads(output.strip().splitlines()[-1])
        finally:
            stop(sink)
    single = bench_modes(baseline, args, ("push",))["push"]
    sent = once("broadcast", args.broadcast_centers)
    if sent["delivered"] != args.broadcast_centers:
        raise SystemExit(f"the broadcast sent {sent['delivered']} of {args.broadcast_centers} pushes")
    recorded = [once("broadcast-record", args.broadcast_centers) for _ in range(args.rounds)]
    million = once("broadcast-rss", 1_000_000)
    return single, sent, recorded, million


def median(rounds, key):
    return statistics.median(r[key] for r in rounds)


def per_round(rounds, numerator, denominator):
    """Each round's own ratio (its two runs back to back) and their median: steadier than the ratio of the
    medians when the machine's load moves between rounds."""
    ratios = [r[numerator] / r[denominator] for r in rounds]
    return f"per round {', '.join(f'{ratio:.2f}' for ratio in ratios)}, median {statistics.median(ratios):.2f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--usernotifyd", default=os.path.join(ROOT, ".build", "release", "usernotifyd"))
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--webhook-bench", default=os.path.join(ROOT, ".build", "release", "webhook-bench"))
    parser.add_argument("--webhook-messages", type=int, default=20000)
    parser.add_argument("--webhook-connections", type=int, default=32)
    parser.add_argument("--h2-sink", default=os.path.join(ROOT, ".build", "release", "h2-sink"))
    parser.add_argument("--broadcast-centers", type=int, default=100000)
    parser.add_argument("--only", choices=["http", "webhooks", "push", "relay", "broadcast", "ceiling"], help="run one part")
    args = parser.parse_args()

    baseline = build_baseline()

    def usernotifyd(name):
        data = os.path.join(WORK, f"data-{name}")
        # The benchmarks measure the server, not its rate limits.
        return [args.usernotifyd, "--port", "0", "--log-level", "notice", "--data-dir", data, "--admin-token", ADMIN,
                "--rate-limit-send", "0", "--rate-limit-write", "0", "--rate-limit-read", "0"]
    configs = [
        ("c-libmicrohttpd", [baseline], "/healthz", None),
        ("usernotifyd /healthz", usernotifyd("health"), "/healthz", None),
        ("usernotifyd 1 thread", usernotifyd("health1") + ["--http-threads", "1"], "/healthz", None),
        ("getPendingNotificationRequests (10)", usernotifyd("pending"), "/v1/centers/bench/requests", "GET"),
        ("addNotificationRequest (durable)", usernotifyd("add"), "/v1/centers/bench/requests", "POST"),
    ]
    if args.only in (None, "ceiling"):
        burst_ceiling(args)
        if args.only == "ceiling":
            return
    if args.only in (None, "broadcast"):
        single, sent, recorded, million = broadcast_round(baseline, args)
        print(f"\nbroadcast to {args.broadcast_centers} centers, one browser each (-c{args.webhook_connections}):\n"
              f"  firing instant to every push sent {sent['sent_seconds']:.1f} s, {sent['rate']:.0f} pushes/s; the single-notification "
              f"push rate {single:.0f}/s (ratio {sent['rate'] / single:.2f})\n"
              f"  the fan-out's recording alone {median(recorded, 'recording_rate'):.0f} centers/s; raw SQLite, a delivered and an "
              f"outbox row per center, 1,024 a transaction, {median(recorded, 'raw_recording_rate'):.0f}/s ({args.rounds} rounds, "
              f"medians; ratio {per_round(recorded, 'recording_rate', 'raw_recording_rate')}); CPU per center "
              f"{median(recorded, 'recording_cpu_us_per_center'):.1f} µs against raw SQLite's "
              f"{median(recorded, 'raw_cpu_us_per_center'):.1f} µs (every thread)\n"
              f"  a fan-out to 1,000,000 centers: {million['recording_rate']:.0f} centers/s, peak resident memory "
              f"{million['peak_rss_mb']:.0f} MB")
        if args.only == "broadcast":
            return
    if args.only in (None, "relay"):
        rounds = [relay_round(args) for _ in range(args.rounds)]
        loop_rate, relayed, own_rate = (statistics.median(r[i] for r in rounds) for i in range(3))
        print(f"\nrelays to phones (APNs over HTTP/2 and TLS, -c{args.webhook_connections}, {args.webhook_messages} messages to 100 "
              f"registrations, {args.rounds} rounds, medians):\n"
              f"  dispatcher {relayed:.0f}/s; bare AsyncHTTPClient HTTP/2 loop posting one such request {loop_rate:.0f}/s "
              f"(ratio {relayed / loop_rate:.2f}; {per_round(rounds, 1, 0)}); the same loop on the relay's own client "
              f"{own_rate:.0f}/s (ratio {relayed / own_rate:.2f}; {per_round(rounds, 1, 2)})")
        if args.only == "relay":
            return
    if args.only in (None, "push"):
        rounds = [push_round(baseline, args) for _ in range(args.rounds)]
        loop_rate, encrypting_rate, pushed = (statistics.median(r[i] for r in rounds) for i in range(3))
        print(f"\nWeb Push deliveries (-c{args.webhook_connections}, {args.webhook_messages} pushes to 100 subscriptions, "
              f"{args.rounds} rounds, medians):\n"
              f"  dispatcher {pushed:.0f}/s; bare AsyncHTTPClient loop encrypting each push {encrypting_rate:.0f}/s "
              f"(ratio {pushed / encrypting_rate:.2f}; {per_round(rounds, 2, 1)}); bare loop posting one such push {loop_rate:.0f}/s "
              f"(ratio {pushed / loop_rate:.2f})")
        burst = push_burst(baseline, args)
        print(f"  burst: 10000 subscriptions on one origin, one push each, -c256: every push arrived at once, {burst:.0f}/s")
        if args.only == "push":
            return
    if args.only != "http":
        rounds = [webhook_round(baseline, args) for _ in range(args.rounds)]
        sink_rate, loop_rate, dispatched, own_rate = (statistics.median(r[i] for r in rounds) for i in range(4))
        print(f"\nsigned webhook deliveries (-c{args.webhook_connections}, {args.webhook_messages} messages, {args.rounds} rounds, medians):\n"
              f"  dispatcher {dispatched:.0f}/s; bare AsyncHTTPClient loop {loop_rate:.0f}/s (ratio {dispatched / loop_rate:.2f}; "
              f"{per_round(rounds, 2, 1)}); "
              f"the same loop on the dispatcher's own client {own_rate:.0f}/s (ratio {dispatched / own_rate:.2f}; {per_round(rounds, 2, 3)}); "
              f"wrk {sink_rate:.0f} req/s (ratio {dispatched / sink_rate:.2f})")
        if args.only == "webhooks":
            return
    results = {name: [] for name, _, _, _ in configs}
    for round_index in range(args.rounds):
        order = configs[round_index % len(configs):] + configs[:round_index % len(configs)]
        for name, command, path, method in order:
            results[name].append(measure(name, command, path, args, method))
            print(f"round {round_index + 1} {name}: {results[name][-1]['rps']:.0f} req/s", file=sys.stderr)

    base = statistics.median(r["rps"] for r in results[configs[0][0]])
    summary = []
    print(f"\n{'config':<38}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'cpu':>7}{'ratio':>8}")
    for name, _, _, _ in configs:
        runs = results[name]
        row = {
            "config": name,
            "rps": statistics.median(r["rps"] for r in runs),
            "p50": statistics.median(r["p50"] for r in runs),
            "p99": statistics.median(r["p99"] for r in runs),
            "server_cpu": statistics.median(r["server_cpu"] for r in runs),
            "errors": sum(r["errors"] for r in runs),
        }
        row["ratio"] = row["rps"] / base
        summary.append(row)
        print(f"{name:<38}{row['rps']:>10.0f}{row['p50']:>9.2f}{row['p99']:>9.2f}{row['server_cpu']:>7.2f}{row['ratio']:>8.2f}")
    print(f"\n{args.rounds} interleaved rounds of {args.duration} s, wrk -t1 -c{args.connections}, medians; ratio = req/s ÷ the C baseline's.")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(summary, handle, indent=2)


if __name__ == "__main__":
    main()
