#!/usr/bin/env python3
"""make test: the image's runtime stage really runs.

Registries for base images are not reachable here, so this builds the runtime stage of
deploy/Dockerfile, as written, on a base it makes itself and with the binary `swift build` already made,
packaged as `make release` packages a release (Tools/release.py: the stripped binary in a tarball, its SBOM
and SHA256SUMS), and the image built from the tarball as `make release` builds it:

- a Debian bookworm root file system from mmdebstrap (minbase), imported as a local image. The debug
  binary links the Swift runtime dynamically (the image's build stage links it statically), so the base
  also carries those libraries at the toolchain's path, which the binary's RUNPATH names;
- a Docker engine (Debian's docker.io) started here with its own data root and socket, without iptables
  or a bridge, and stopped at the end; containers run on the host's network, bound to loopback;
- the stage's one `COPY --from=build` reads the binary and its resource bundles from the tarball.

Checked: the health check turns healthy, `/healthz` answers, a framework flow (app, key, center,
permission, a request that fires, the delivered list) works, the process runs as uid 10001, the data
volume is writable and survives a restart, and SIGTERM stops it with exit code 0; the sums verify, the
SBOM is valid CycloneDX, the binary has no debug sections; `usernotifyd backup` in the container and its
restore; `usernotifyd compact` on the stopped server's volume, which the restart then serves; and the
README's walkthrough, as written, against the image.
"""
import glob, http.client, json, os, re, shutil, signal, socket, subprocess, sys, tarfile, tempfile, time, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Tools"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Docs"))
import release  # noqa: E402  Tools/release.py
from run import CLAIM, blocks, server_arguments  # noqa: E402  Tests/Docs/run.py

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "usernotifyd")
ADMIN = "container-admin-token"
BASE_IMAGE = "usernotifyd-test-base:bookworm"
IMAGE = "usernotifyd-test:latest"
MIRROR = os.environ.get("DEBIAN_MIRROR", "http://deb.debian.org/debian")


def log(message):
    print(f"container: {message}", flush=True)


class Engine:
    """A dockerd of this run's own: its data, state and socket under `work`."""

    def __init__(self, work):
        self.work = work
        self.socket = os.path.join(work, "docker.sock")
        self.environment = dict(os.environ, DOCKER_HOST=f"unix://{self.socket}")
        self.output = open(os.path.join(work, "dockerd.log"), "w")
        self.process = subprocess.Popen(
            ["dockerd", "--iptables=false", "--ip-masq=false", "--bridge=none",
             "--data-root", os.path.join(work, "data"), "--exec-root", os.path.join(work, "exec"),
             "--pidfile", os.path.join(work, "dockerd.pid"), "--host", f"unix://{self.socket}"],
            stdout=self.output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while subprocess.run(["docker", "version"], env=self.environment, capture_output=True).returncode != 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"dockerd did not start; its log:\n{self.log()}")
            time.sleep(0.2)

    def log(self):
        with open(os.path.join(self.work, "dockerd.log")) as handle:
            return handle.read()[-4000:]

    def docker(self, *arguments, check=True):
        result = subprocess.run(["docker", *arguments], env=self.environment, text=True, capture_output=True)
        if check and result.returncode != 0:
            raise SystemExit(f"docker {' '.join(arguments)} failed ({result.returncode}):\n"
                             f"{result.stdout or ''}{result.stderr or ''}")
        return (result.stdout or "").strip()

    def logs(self, container):
        """What the container wrote to stdout and stderr, and how it ended."""
        result = subprocess.run(["docker", "logs", container], env=self.environment, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        state = self.docker("inspect", "-f", "{{json .State}}", container, check=False)
        return f"{result.stdout[-6000:]}\nstate: {state}"

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.output.close()


def swift_runtime_libraries():
    """The binary's shared libraries that come from the Swift toolchain rather than from Debian."""
    output = subprocess.run(["ldd", BINARY], capture_output=True, text=True, check=True).stdout
    paths = re.findall(r"=> (\S+) \(", output)
    return sorted(path for path in paths if not path.startswith(("/lib/", "/usr/lib/")))


def make_base(engine, work):
    libraries = swift_runtime_libraries()
    directories = sorted({os.path.dirname(path) for path in libraries})
    hook = " && ".join([f'mkdir -p "$1{directory}"' for directory in directories]
                       + [f'cp -L {path} "$1{path}"' for path in libraries])
    tarball = os.path.join(work, "base.tar")
    log(f"making the base: Debian bookworm minbase and {len(libraries)} Swift runtime libraries")
    subprocess.run(["mmdebstrap", "--quiet", "--variant=minbase", "--include=passwd", "--format=tar",
                    f"--customize-hook={hook}", "bookworm", tarball, f"deb {MIRROR} bookworm main"], check=True)
    engine.docker("import", tarball, BASE_IMAGE)
    os.unlink(tarball)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(port, method, path, token=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    if response.status >= 300:
        raise SystemExit(f"{method} {path}: {response.status} {data.decode(errors='replace')}")
    return json.loads(data) if data else {}


def wait_for(description, condition, engine, container, seconds=120):
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if engine.docker("inspect", "-f", "{{.State.Running}}", container) != "true":
            raise SystemExit(f"the container stopped while waiting for {description}:\n"
                             f"{engine.logs(container)}")
        if time.monotonic() > deadline:
            raise SystemExit(f"no {description} within {seconds} s; logs:\n{engine.logs(container)}")
        time.sleep(0.2)


def status(port, path):
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", path)
        return connection.getresponse().status
    except OSError:
        return None


def serving(port):
    """`/healthz` answers and `/readyz` says the storage is open: the API may be called. (The HTTP server
    answers `/healthz` while the storage opens, and 503 to the API until it is open.)"""
    return status(port, "/healthz") == 200 and status(port, "/readyz") == 200


def delivered(port, key):
    return call(port, "GET", "/v1/centers/phone/delivered", key)["notifications"]


def delivered_identifiers(port, key):
    return [notification["request"]["identifier"] for notification in delivered(port, key)]


def main():
    if not os.path.exists(BINARY):
        raise SystemExit(f"{BINARY} is missing: run `swift build` first")
    for tool in ("dockerd", "docker", "mmdebstrap"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: `make test` installs docker.io and mmdebstrap from Debian")
    work = tempfile.mkdtemp(prefix="usernotifyd-container-")
    engine = Engine(work)
    try:
        make_base(engine, work)
        tarball = check_release(os.path.join(work, "dist"))
        context = os.path.join(work, "context")
        release.image_context(tarball, context)
        log("building the runtime stage of deploy/Dockerfile from the release tarball")
        engine.docker("build", "--network", "host", "--build-arg", f"RUNTIME_IMAGE={BASE_IMAGE}", "-t", IMAGE, context)
        check(engine, free_port())
        walkthrough(engine)
        log("passed")
    finally:
        engine.docker("rm", "-f", "usernotifyd-test", check=False)
        engine.stop()
        shutil.rmtree(work, ignore_errors=True)


def check_release(out):
    """Tools/release.py's files for the debug binary: the sums verify, the SBOM is CycloneDX, the binary is stripped."""
    tarball, _ = release.release(BINARY, out)
    subprocess.run(["sha256sum", "--quiet", "-c", "SHA256SUMS"], cwd=out, check=True)
    from cyclonedx.schema import SchemaVersion
    from cyclonedx.validation.json import JsonStrictValidator
    (bill,) = [name for name in os.listdir(out) if name.endswith(".cdx.json")]
    with open(os.path.join(out, bill)) as handle:
        text = handle.read()
    if error := JsonStrictValidator(SchemaVersion.V1_5).validate_str(text):
        raise SystemExit(f"{bill} is not valid CycloneDX 1.5: {error}")
    names = [component["name"] for component in json.loads(text)["components"]]
    if "grdb.swift" not in names or not any(name.startswith("libmicrohttpd") for name in names):
        raise SystemExit(f"{bill} misses the Swift packages or the Debian libraries: {names}")
    with tempfile.TemporaryDirectory() as scratch:
        with tarfile.open(tarball) as archive:
            archive.extractall(scratch, filter="data")
        (binary,) = glob.glob(os.path.join(scratch, "*", "bin", "usernotifyd"))
        sections = subprocess.run(["readelf", "-S", binary], capture_output=True, text=True, check=True).stdout
        if ".debug_info" in sections:
            raise SystemExit("the released binary still has its debug sections")
        stripped, built = os.path.getsize(binary), os.path.getsize(BINARY)
    log(f"{os.path.basename(tarball)}: sums verify, {bill} is CycloneDX 1.5 ({len(names)} components), the binary "
        f"is stripped ({stripped / 1e6:.0f} MB of {built / 1e6:.0f} MB)")
    return tarball


def outbox(port, admin):
    """The deliveries of the server's first app, as its webhooks list them (what a stuck walkthrough sent)."""
    def call(method, path, key):
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                         headers={"Authorization": f"Bearer {key}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)
    try:
        app = call("GET", "/v1/apps", admin)["apps"][0]["id"]
        key = call("POST", f"/v1/apps/{app}/keys", admin)["key"]
        deliveries = call("GET", "/v1/webhooks/deliveries", key)["deliveries"]
        return json.dumps([call("GET", f"/v1/webhooks/deliveries/{delivery['id']}", key) for delivery in deliveries[:2]])[:6000]
    except Exception as error:  # a diagnosis only: say why there is none
        return f"not read: {error}"


def walkthrough(engine):
    """The README's walkthrough as written (Tests/Docs/run.py's marks), against the image started with the
    README's server arguments, on the ports the README uses."""
    readme = blocks(os.path.join(ROOT, "README.md"))
    (server,) = [text for mark, _, text, _ in readme if mark == "server"]
    container = "usernotifyd-walkthrough"
    engine.docker("run", "--detach", "--name", container, "--network", "host", "--env", "USERNOTIFYD_HOST=127.0.0.1",
                  "--env", "USERNOTIFYD_PORT=8080", IMAGE, *server_arguments(server))
    try:
        wait_for("the walkthrough's server", lambda: serving(8080), engine, container)
        with tempfile.TemporaryDirectory() as work:
            for mark, argument, text, _ in readme:
                if mark == "file":
                    with open(os.path.join(work, argument), "w") as handle:
                        handle.write(text + "\n")
            script = "\n".join(text for mark, _, text, _ in readme if mark == "walkthrough")
            try:
                result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=work, capture_output=True,
                                        text=True, timeout=300)
            except subprocess.TimeoutExpired as expired:
                said = "".join(part.decode(errors="replace") if isinstance(part, bytes) else part
                               for part in (expired.stdout or "", expired.stderr or ""))
                raise SystemExit(f"the README's walkthrough against the image did not end in 300 s:\n{said}\n"
                                 f"{engine.logs(container)}\nthe outbox: {outbox(8080, 'change-me')}")
        claims = [match.group(1) for line in script.splitlines() if (match := CLAIM.search(line))]
        missing = [claim for claim in claims if claim not in result.stdout]
        if result.returncode != 0 or missing:
            raise SystemExit(f"the README's walkthrough against the image: exit {result.returncode}, missing {missing}:\n"
                             f"{result.stdout}{result.stderr}\n{engine.logs(container)}")
        log(f"the README's walkthrough ran against the image as written ({len(claims)} answers seen)")
    finally:
        engine.docker("rm", "-f", container, check=False)


def check(engine, port):
    container = "usernotifyd-test"
    # The image's own settings but for the address: loopback, since the container shares the host's network.
    engine.docker("run", "--detach", "--name", container, "--network", "host",
                  "--env", "USERNOTIFYD_HOST=127.0.0.1", "--env", f"USERNOTIFYD_PORT={port}",
                  "--env", f"USERNOTIFYD_ADMIN_TOKEN={ADMIN}", "--volume", "usernotifyd-data:/var/lib/usernotifyd",
                  IMAGE)
    wait_for("answer on /healthz", lambda: serving(port), engine, container)
    user = engine.docker("exec", container, "id", "-u")
    owner = engine.docker("exec", container, "stat", "-c", "%u", "/proc/1")
    if user != "10001" or owner != "10001":
        raise SystemExit(f"the container runs as uid {owner} (exec as {user}), not the image's uid 10001")
    log(f"/healthz answers; the server runs as uid {owner}")

    app = call(port, "POST", "/v1/apps", ADMIN, {"name": "container", "authorizationPolicy": "grant"})
    key = call(port, "POST", f"/v1/apps/{app['id']}/keys", ADMIN)["key"]
    call(port, "POST", "/v1/centers", key, {"id": "phone"})
    granted = call(port, "POST", "/v1/centers/phone/authorization", key, {"options": ["alert", "badge"]})
    if granted.get("granted") is not True:
        raise SystemExit(f"authorization was not granted: {granted}")
    call(port, "POST", "/v1/centers/phone/requests", key,
         {"identifier": "tea", "content": {"title": "Tea", "body": "It is ready"},
          "trigger": {"type": "timeInterval", "timeInterval": 1}})
    fired = wait_for("delivered notification", lambda: delivered(port, key), engine, container)
    if [notification["request"]["identifier"] for notification in fired] != ["tea"]:
        raise SystemExit(f"delivered list: {fired}")
    log("a request added through the API fired and is in the delivered list")

    health = wait_for("healthy health check",
                      lambda: engine.docker("inspect", "-f", "{{.State.Health.Status}}", container) == "healthy",
                      engine, container)
    log(f"the image's HEALTHCHECK says healthy: {health}")
    check = engine.docker("inspect", "-f", "{{json .Config.Healthcheck.Test}}", IMAGE)
    if json.loads(check)[:2] != ["CMD", "/usr/local/bin/usernotifyd"]:
        raise SystemExit(f"the HEALTHCHECK should run the binary itself, in exec form: {check}")
    if engine.docker("exec", container, "sh", "-c", "command -v curl || true"):
        raise SystemExit("curl is in the runtime image: the health check needs none")
    environment = engine.docker("inspect", "-f", "{{range .Config.Env}}{{println .}}{{end}}", IMAGE)
    if "SWIFT_BACKTRACE=enable=yes" not in environment or not engine.docker(
            "exec", container, "sh", "-c", "test -x /usr/local/bin/swift-backtrace && echo yes"):
        raise SystemExit(f"Swift's backtracer should be on and in the image: {environment}")
    size = int(engine.docker("image", "inspect", "-f", "{{.Size}}", IMAGE)) / 1e6
    log(f"the health check is the binary's own (no curl), the backtracer is on; this image is {size:.0f} MB "
        "(Debian bookworm minbase, the released debug binary and the Swift runtime libraries it links)")

    # SQLite's online backup, from inside the image while the server runs.
    report = json.loads(engine.docker("exec", container, "usernotifyd", "backup", "/var/lib/usernotifyd/backup-1"))
    if report.get("databaseBytes", 0) <= 0 or report.get("mediaMissing") != 0:
        raise SystemExit(f"usernotifyd backup in the container: {report}")
    log(f"usernotifyd backup ran in the container beside the server: {report['databaseBytes']} bytes")

    engine.docker("stop", "--time", "60", container)
    code = engine.docker("inspect", "-f", "{{.State.ExitCode}}", container)
    if code != "0":
        raise SystemExit(f"SIGTERM: exit code {code}, not 0; logs:\n{engine.logs(container)}")
    log("docker stop (SIGTERM) ended it with exit code 0")

    # The stopped server's database rewritten by the image's own binary, on the same volume.
    compacted = json.loads(engine.docker("run", "--rm", "--volume", "usernotifyd-data:/var/lib/usernotifyd", IMAGE, "compact"))
    if compacted.get("pageSize") != 16384 or compacted.get("bytes", 0) <= 0:
        raise SystemExit(f"usernotifyd compact in the image: {compacted}")
    log(f"usernotifyd compact ran in the image on the stopped server's volume: {compacted['bytesBefore']} → "
        f"{compacted['bytes']} bytes")

    engine.docker("start", container)
    wait_for("answer on /healthz after a restart", lambda: serving(port), engine, container)
    again = delivered_identifiers(port, key)
    if again != ["tea"]:
        raise SystemExit(f"after a restart on the same volume the delivered list is {again}")
    engine.docker("stop", "--time", "60", container)
    log("restarted on the same volume, compacted, the data is still there")
    restore(engine, port, key)


def restore(engine, port, key):
    """The backup restored as docs/operations.md says: its files and the secrets key in an empty data
    directory (a new volume, which takes the image's directory and owner), and a server started on it."""
    engine.docker("run", "--rm", "--entrypoint", "/bin/sh", "--volume", "usernotifyd-data:/old:ro",
                  "--volume", "usernotifyd-restored:/var/lib/usernotifyd", IMAGE, "-c",
                  "cp -R /old/backup-1/. /var/lib/usernotifyd/ && cp /old/secrets.key /var/lib/usernotifyd/")
    container = "usernotifyd-restored"
    engine.docker("run", "--detach", "--name", container, "--network", "host",
                  "--env", "USERNOTIFYD_HOST=127.0.0.1", "--env", f"USERNOTIFYD_PORT={port}",
                  "--env", f"USERNOTIFYD_ADMIN_TOKEN={ADMIN}", "--volume", "usernotifyd-restored:/var/lib/usernotifyd",
                  IMAGE)
    try:
        wait_for("the restored server's /healthz", lambda: serving(port), engine, container)
        restored = delivered_identifiers(port, key)
        if restored != ["tea"]:
            raise SystemExit(f"restored from the backup, the delivered list is {restored}")
        engine.docker("stop", "--time", "60", container)
        log("a server on the restored backup has the app, its key and the delivered notification")
    finally:
        engine.docker("rm", "-f", container, check=False)


if __name__ == "__main__":
    main()
