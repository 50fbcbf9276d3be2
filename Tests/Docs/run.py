"""The documentation's commands, run as written: the README's walkthrough and every docs/ block that
claims an answer.

A page marks its blocks with an HTML comment on the line before the fence:

    <!-- doctest: server -->       how the page starts the server: `make run RUN_ARGS="…"` or `usernotifyd …`
    <!-- doctest: file NAME -->    a file the reader saves (written into the working directory)
    <!-- doctest: walkthrough -->  commands to run; `# → TEXT` after a command claims TEXT in the output

Each page with walkthroughs gets a fresh server (the debug binary, as `make run` starts it, with the page's
arguments and a data directory of its own) and an empty working directory, in which its walkthrough
blocks run in order in one bash (`-e -o pipefail`), with the debug binary on PATH. The page passes when
bash succeeds and every claimed TEXT is in what it printed. A block that claims an answer without a
walkthrough mark fails: nothing the documentation promises goes untested.
"""
import glob, os, re, shlex, socket, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))
from harness import BINARY, ROOT, start  # noqa: E402

MARK = re.compile(r"^<!-- doctest: (server|file|walkthrough)\s*(\S*)\s*-->$")
CLAIM = re.compile(r"#\s*→\s*(.+?)\s*$")
PORTS = (8080, 9000, 9090)  # the server's, the README receiver's, the metrics listener's
TIMEOUT = 300  # a bound for a broken build, not a timing: each block ends when its commands do


def blocks(path):
    """(mark, argument, text, line) for every fenced block of a page; mark is None when unmarked."""
    lines, found, mark = open(path).read().split("\n"), [], None
    index = 0
    while index < len(lines):
        match = MARK.match(lines[index].strip())
        if match:
            mark = match.groups()
        elif lines[index].startswith("```"):
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            found.append((*(mark or (None, None)), "\n".join(lines[index + 1:end]), index + 1))
            mark, index = None, end
        elif lines[index].strip():
            mark = None
        index += 1
    return found


def server_arguments(text):
    """The arguments a server block starts usernotifyd with."""
    for line in text.splitlines():
        if "RUN_ARGS=" in line:
            return shlex.split(shlex.split(line.split("RUN_ARGS=", 1)[1])[0])
        words = shlex.split(line)
        if words and words[0] == "usernotifyd":
            return words[1:]
    raise SystemExit(f"doctest: the server block names no `make run RUN_ARGS=…` or `usernotifyd …`: {text}")


def check_ports_free():
    for port in PORTS:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                raise SystemExit(f"doctest: port {port} is in use; the documentation's commands need it free")


def run_page(path, page_blocks):
    name = os.path.relpath(path, ROOT)
    server = [text for mark, _, text, _ in page_blocks if mark == "server"]
    walkthroughs = [text for mark, _, text, _ in page_blocks if mark == "walkthrough"]
    if len(server) != 1:
        raise SystemExit(f"doctest: {name} has walkthroughs and {len(server)} server blocks; it needs one")
    check_ports_free()
    with tempfile.TemporaryDirectory() as work:
        for mark, argument, text, _ in page_blocks:
            if mark == "file":
                with open(os.path.join(work, argument), "w") as file:
                    file.write(text + "\n")
        process, _ = start([BINARY, *server_arguments(server[0]), "--data-dir", os.path.join(work, "data")],
                           "storage ready")
        try:
            script = "\n".join(walkthroughs)
            environment = dict(os.environ, PATH=os.path.dirname(BINARY) + os.pathsep + os.environ["PATH"])
            result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=work, env=environment,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT)
        finally:
            process.terminate()
            process.wait()
    claims = [match.group(1) for text in walkthroughs for line in text.splitlines() if (match := CLAIM.search(line))]
    missing = [claim for claim in claims if claim not in result.stdout]
    if result.returncode != 0 or missing or not claims:
        print(result.stdout)
        raise SystemExit(f"doctest: {name}: bash exited {result.returncode}; claims not seen: {missing}")
    print(f"doctest: {name}: {len(walkthroughs)} block(s), {len(claims)} claim(s) seen", flush=True)


def main():
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    tested = 0
    for path in pages:
        page_blocks = blocks(path)
        for mark, _, text, line in page_blocks:
            if mark != "walkthrough" and any(CLAIM.search(row) for row in text.splitlines()):
                raise SystemExit(f"doctest: {os.path.relpath(path, ROOT)}:{line} claims an answer (# →) but is not "
                                 "marked <!-- doctest: walkthrough -->")
        if any(mark == "walkthrough" for mark, *_ in page_blocks):
            run_page(path, page_blocks)
            tested += 1
    if tested < 3:
        raise SystemExit(f"doctest: only {tested} pages were tested; the marks are not being found")


if __name__ == "__main__":
    main()
