#!/usr/bin/env python3
"""make bench, replicas: adds/s and fires/s in a burst with 1, 2 and 3 replicas on PostgreSQL next to one
process on SQLite (the baseline, measured in the same run), then firing lateness with 3 replicas, then
signed webhook deliveries from a PostgreSQL outbox next to a SQLite one (webhook-bench, C sink), and
once more each with a large backlog. With --only broadcast: a broadcast to --broadcast-centers centers (no
trigger beyond a minute's interval), fired by one move of the clock, with 1 and 3 replicas on PostgreSQL next to
SQLite: the fan-out's rate (centers reached per second).

A throwaway PostgreSQL server (Tests/Scripts/postgres-server.sh) holds one new database per
configuration. Adds: one wrk per replica, together CONNECTIONS connections, each add a new request due
in 60 s spread over CENTERS centers. Fires: one move of the shared virtual clock by 60 s, which answers
once every replica has fired everything due. Lateness: the real clock; requests added through the
three replicas in turn, due at a steady rate; each firing's commit time is read from a column this
benchmark adds to its own database (`clock_timestamp()` at insert) and compared with its due time.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, threading, time, http.client

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import ADMIN, ROOT, WORK, api, build_baseline, start, stop  # noqa: E402

SERVER = os.path.join(ROOT, "Tests", "Scripts", "postgres-server.sh")


def psql(url, sql):
    return subprocess.run(["psql", url, "-Atqc", sql], capture_output=True, text=True, check=True).stdout.strip()


def replicas(args, count, database, name, virtual=True):
    processes = []
    for index in range(count):
        data = os.path.join(WORK, f"replica-{name}-{index}")
        subprocess.run(["rm", "-rf", data], check=True)
        command = [args.usernotifyd, "--port", "0", "--log-level", "notice", "--data-dir", data, "--admin-token", ADMIN,
                   "--virtual-clock", "1" if virtual else "0", "--pending-limit", "1000000",
                   "--rate-limit-send", "0", "--rate-limit-write", "0", "--rate-limit-read", "0"]
        processes.append(start(command + (["--database-url", database] if database else [])))
    return processes


def wait_ready(port):
    for _ in range(600):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"replica on {port} never became ready")


def set_up(port, centers):
    app = api(port, "POST", "/v1/apps", ADMIN, {"name": "bench", "authorizationPolicy": "grant"})
    key = api(port, "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
    for index in range(centers):
        api(port, "POST", "/v1/centers", key, {"id": f"c{index}"})
        api(port, "POST", f"/v1/centers/c{index}/authorization", key, {"options": ["alert", "sound", "badge"]})
    return key


def add_script(key, replica, centers):
    path = os.path.join(WORK, f"wrk-add-{replica}.lua")
    with open(path, "w") as script:
        script.write(f"""
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer {key}"
wrk.headers["Content-Type"] = "application/json"
local counter = 0
request = function()
  counter = counter + 1
  local body = '{{"identifier":"r{replica}-' .. counter .. '","content":{{"title":"Tea"}},"trigger":{{"type":"timeInterval","timeInterval":60}}}}'
  return wrk.format(nil, "/v1/centers/c" .. (counter % {centers}) .. "/requests", nil, body)
end
""")
    return path


def burst(args, name, count, database):
    """(adds/s, fires/s) of `count` replicas on `database` (None: one process on SQLite)."""
    processes = replicas(args, count, database, name)
    try:
        ports = [port for _, port in processes]
        for port in ports:
            wait_ready(port)
        key = set_up(ports[0], args.centers)
        per = max(1, args.connections // count)
        runs = [subprocess.Popen(["wrk", "-t1", f"-c{per}", f"-d{args.duration}s", "-s", add_script(key, index, args.centers),
                                  f"http://127.0.0.1:{port}/"], stdout=subprocess.PIPE, text=True)
                for index, port in enumerate(ports)]
        outputs = [run.communicate()[0] for run in runs]
        if any("Non-2xx" in output for output in outputs):
            raise SystemExit(f"{name}: adds refused:\n" + "\n".join(outputs))
        added = sum(int(output.split(" requests in ")[0].split()[-1]) for output in outputs)
        began = time.perf_counter()
        api(ports[0], "POST", "/v1/clock", ADMIN, {"advanceBy": 61})
        elapsed = time.perf_counter() - began
        for port in ports:
            left = api(port, "GET", "/v1/centers/c0/requests?limit=1", key)["requests"]
            if left:
                raise SystemExit(f"{name}: requests left unfired after the clock moved")
        return added / args.duration, added / elapsed, added
    finally:
        for process, _ in processes:
            stop(process)


def broadcast(args, name, count, database):
    """Centers reached per second by one broadcast to every center of the app, fired by one move of the clock."""
    processes = replicas(args, count, database, f"broadcast-{name}")
    try:
        ports = [port for _, port in processes]
        for port in ports:
            wait_ready(port)
        app = api(ports[0], "POST", "/v1/apps", ADMIN, {"name": "bench", "authorizationPolicy": "grant"})
        key = api(ports[0], "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
        def make(start):
            for index in range(start, args.broadcast_centers, 8):
                port = ports[index % len(ports)]
                api(port, "POST", "/v1/centers", key, {"id": f"c{index:07d}"})
                api(port, "POST", f"/v1/centers/c{index:07d}/authorization", key, {"options": ["alert", "sound"]})
        makers = [threading.Thread(target=make, args=(start,)) for start in range(8)]
        for maker in makers:
            maker.start()
        for maker in makers:
            maker.join()
        made = api(ports[0], "POST", "/v1/broadcasts", key, {
            "request": {"identifier": "episode", "content": {"title": "Episode 42 is out"},
                        "trigger": {"type": "timeInterval", "timeInterval": 60}},
            "audience": {"all": True}})
        began = time.perf_counter()
        api(ports[0], "POST", "/v1/clock", ADMIN, {"advanceBy": 61})
        elapsed = time.perf_counter() - began
        done = api(ports[0], "GET", f"/v1/broadcasts/{made['broadcast']['id']}", key)
        if done["status"] != "completed" or done["counts"]["targeted"] != args.broadcast_centers:
            raise SystemExit(f"{name}: the broadcast did not reach every center: {done}")
        return args.broadcast_centers / elapsed
    finally:
        for process, _ in processes:
            stop(process)


def lateness(args, database):
    """Firing lateness (ms: p50, p99, max) of 3 replicas on the real clock at args.rate fires/s."""
    processes = replicas(args, 3, database, "late", virtual=False)
    try:
        ports = [port for _, port in processes]
        for port in ports:
            wait_ready(port)
        key = set_up(ports[0], args.centers)
        psql(database, "ALTER TABLE delivered ADD COLUMN fired_at timestamptz DEFAULT clock_timestamp()")
        total = args.rate * args.spread
        first_due = time.time() + args.lead
        errors = []

        def add(worker):
            connection = http.client.HTTPConnection("127.0.0.1", ports[worker % 3], timeout=30)
            for index in range(worker, total, 12):
                due = first_due + index / args.rate
                body = json.dumps({"identifier": f"l{index}", "content": {"title": "Tea"},
                                   "trigger": {"type": "timeInterval", "timeInterval": round(due - time.time(), 3)}})
                connection.request("POST", f"/v1/centers/c{index % args.centers}/requests", body,
                                   {"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                if response.status != 201:
                    errors.append(response.status)
        threads = [threading.Thread(target=add, args=(worker,)) for worker in range(12)]
        [thread.start() for thread in threads]
        [thread.join() for thread in threads]
        if errors or time.time() > first_due:
            raise SystemExit(f"lateness: adds too slow or refused ({len(errors)} refused); raise --lead")
        while int(psql(database, "SELECT count(*) FROM delivered")) < total:
            if time.time() > first_due + args.spread + 60:
                raise SystemExit("lateness: not everything fired")
            time.sleep(0.5)
        rows = psql(database, """
            SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY late), percentile_cont(0.99) WITHIN GROUP (ORDER BY late), max(late), min(late)
            FROM (SELECT extract(epoch FROM fired_at) * 1000 - delivered_at AS late FROM delivered) AS t""")
        return [float(value) for value in rows.split("|")]
    finally:
        for process, _ in processes:
            stop(process)


def webhook_run(args, sink_binary, store, database, name, messages):
    """Deliveries/s of one dispatcher run of `messages` from a SQLite outbox or the PostgreSQL `database`'s
    (a new database `name`), against a fresh C sink."""
    sink, port = start([sink_binary])
    try:
        command = [args.webhook_bench, "--mode", "dispatcher", "--sink-port", str(port), "--messages", str(messages)]
        if store == "postgres":
            psql(database, f"CREATE DATABASE {name}")
            command += ["--database-url", database.rsplit("/", 1)[0] + f"/{name}"]
        output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        result = json.loads(output.strip().splitlines()[-1])
    finally:
        stop(sink)
    if result["delivered"] != messages:
        raise SystemExit(f"webhook-bench on {store} delivered {result['delivered']} of {messages}")
    return result["rate"]


def webhooks(args, database):
    """Deliveries/s of the dispatcher from a SQLite outbox, then from the PostgreSQL `database`'s, alternating
    over `args.rounds` rounds (medians); then one run of each with a backlog of `args.webhook_backlog`
    messages, where a query plan that reads the whole outbox shows."""
    rates = {"sqlite": [], "postgres": []}
    sink_binary = build_baseline()
    for round_index in range(args.rounds):
        for store in ("sqlite", "postgres"):
            rates[store].append(webhook_run(args, sink_binary, store, database, f"bench_webhooks_{round_index}", args.webhook_messages))
    backlog = [webhook_run(args, sink_binary, store, database, "bench_webhooks_backlog", args.webhook_backlog)
               for store in ("sqlite", "postgres")]
    return statistics.median(rates["sqlite"]), statistics.median(rates["postgres"]), backlog[0], backlog[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--usernotifyd", default=os.path.join(ROOT, ".build", "release", "usernotifyd"))
    parser.add_argument("--webhook-bench", default=os.path.join(ROOT, ".build", "release", "webhook-bench"))
    parser.add_argument("--webhook-messages", type=int, default=20000)
    parser.add_argument("--webhook-backlog", type=int, default=100000, help="messages of the backlog run")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the webhook runs")
    parser.add_argument("--duration", type=int, default=8)
    parser.add_argument("--connections", type=int, default=48)
    parser.add_argument("--centers", type=int, default=200)
    parser.add_argument("--rate", type=int, default=500, help="fires per second in the lateness run")
    parser.add_argument("--spread", type=int, default=10, help="seconds over which the lateness run's requests come due")
    parser.add_argument("--lead", type=float, default=30, help="seconds from the first add to the first due date")
    parser.add_argument("--broadcast-centers", type=int, default=10000)
    parser.add_argument("--only", choices=["broadcast"], help="run one part")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    root = tempfile.mkdtemp(prefix="bench-postgres-")
    server = subprocess.run([SERVER, "start", root], capture_output=True, text=True, check=True).stdout.strip()
    if args.only == "broadcast":
        try:
            rates = []
            for name, count in [("sqlite", 1), ("pg1", 1), ("pg3", 3)]:
                database = None
                if name != "sqlite":
                    psql(server, f"CREATE DATABASE bench_broadcast_{name}")
                    database = server.rsplit("/", 1)[0] + f"/bench_broadcast_{name}"
                rates.append((name, count, broadcast(args, name, count, database)))
                print(f"{name}: {rates[-1][2]:.0f} centers/s", file=sys.stderr)
        finally:
            subprocess.run([SERVER, "remove", root], check=False)
        print(f"\na broadcast to {args.broadcast_centers} centers (no device), fired by one move of the clock:")
        for name, count, rate in rates:
            label = "SQLite, 1 process" if name == "sqlite" else f"PostgreSQL, {count} replica" + ("s" if count > 1 else "")
            print(f"  {label:<24}{rate:>10.0f} centers/s{rate / rates[0][2]:>8.2f}")
        return
    try:
        results = []
        for name, count in [("sqlite", 1), ("pg1", 1), ("pg2", 2), ("pg3", 3)]:
            database = None
            if name != "sqlite":
                psql(server, f"CREATE DATABASE bench_{name}")
                database = server.rsplit("/", 1)[0] + f"/bench_{name}"
            results.append((name, count, *burst(args, name, count, database)))
            print(f"{name}: {results[-1][2]:.0f} adds/s, {results[-1][3]:.0f} fires/s", file=sys.stderr)
        psql(server, "CREATE DATABASE bench_late")
        late = lateness(args, server.rsplit("/", 1)[0] + "/bench_late")
        hooks = webhooks(args, server)
    finally:
        subprocess.run([SERVER, "remove", root], check=False)
    base_adds, base_fires = results[0][2], results[0][3]
    print(f"\n{'store':<24}{'adds/s':>10}{'ratio':>8}{'fires/s':>10}{'ratio':>8}{'requests':>10}")
    for name, count, adds, fires, added in results:
        label = "SQLite, 1 process" if name == "sqlite" else f"PostgreSQL, {count} replica" + ("s" if count > 1 else "")
        print(f"{label:<24}{adds:>10.0f}{adds / base_adds:>8.2f}{fires:>10.0f}{fires / base_fires:>8.2f}{added:>10}")
    print(f"\nfiring lateness, PostgreSQL, 3 replicas, {args.rate} fires/s for {args.spread} s: "
          f"p50 {late[0]:.2f} ms, p99 {late[1]:.2f} ms, max {late[2]:.2f} ms (min {late[3]:.2f} ms)")
    print(f"signed webhook deliveries, {args.webhook_messages} messages, {args.rounds} rounds, medians: "
          f"PostgreSQL outbox {hooks[1]:.0f}/s, SQLite outbox {hooks[0]:.0f}/s (ratio {hooks[1] / hooks[0]:.2f})")
    print(f"  with a backlog of {args.webhook_backlog} messages, one run each: PostgreSQL {hooks[3]:.0f}/s "
          f"({hooks[3] / hooks[1]:.2f} of its rate above), SQLite {hooks[2]:.0f}/s ({hooks[2] / hooks[0]:.2f})")


if __name__ == "__main__":
    main()
