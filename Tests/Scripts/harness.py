"""What the Python test stages share: the debug server and children whose output says when they are ready."""
import json, os, subprocess, threading, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "usernotifyd")


def start(command, marker, **options):
    """A child process and the first line of its output that contains `marker` (no sleep: its own word)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **options)
    for line in process.stdout:
        if marker in line:
            # Keep reading what it says, so that a full pipe never stops it.
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return process, line
    raise SystemExit(f"{command[0]} ended before saying '{marker}'")


def call(base, method, path, token, body=None):
    """One JSON request with a bearer token; its JSON answer (None for an empty one). Raises on an error status."""
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def start_server(data_dir, *arguments):
    """The debug usernotifyd on a free loopback port with its data in `data_dir`, once its storage is ready,
    and its base URL."""
    process = subprocess.Popen([BINARY, "--port", "0", "--data-dir", data_dir, "--log-level", "notice", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    port = None
    for line in process.stdout:
        if '"listening"' in line:
            port = json.loads(line)["http.port"]
        if "storage ready" in line and port:
            threading.Thread(target=process.stdout.read, daemon=True).start()
            return process, f"http://127.0.0.1:{port}"
    raise SystemExit(f"usernotifyd ended before its storage was ready")
