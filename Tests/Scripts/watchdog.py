#!/usr/bin/env python3
"""Runs `swift test` and turns a hang into a failure that names the tests still running.

    Tests/Scripts/watchdog.py [--stall SECONDS] -- swift test --skip-build [ARGS...]

A test that awaits something that never comes (a continuation never resumed, a socket never closed)
keeps the whole run waiting until CI's limit, and `swift test` relays the test process's output in
chunks, so the log does not say which test it was. This adds Swift Testing's event stream to the
command and follows it: when, once the run has started, no test has started or ended for `--stall`
seconds, it prints the tests that started and never ended (with how long each has run, and the test
cases — arguments — of those still running), the issues recorded so far, and what the hang is waiting
on: the run's processes, what the test harnesses under way say they wait for (`HangReport`), the test process's threads (with gdb) and, when
the run has a PostgreSQL server, its sessions that are not idle and the locks they wait for. Then it
stops the run and exits 1. Otherwise it exits with the command's status.
"""

import argparse
import json
import os
import signal
import subprocess
import shutil
import sys
import tempfile
import time

PROGRESS = {"runStarted", "testStarted", "testEnded", "testCaseStarted", "testCaseEnded", "runEnded"}


class Stream:
    """What the event stream has said so far, read as it grows."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.partial = b""
        self.names = {}  # test id -> "name (file:line)"
        self.running = {}  # test id -> monotonic time it started
        self.cases = {}  # (test id, case id) -> (case's display name, monotonic time it started)
        self.issues = []
        # When a test last started or ended; None until the run has started (a build before it may be long).
        self.last_progress = None

    def read(self):
        try:
            with open(self.path, "rb") as file:
                file.seek(self.offset)
                chunk = file.read()
        except FileNotFoundError:
            return
        self.offset += len(chunk)
        lines = (self.partial + chunk).split(b"\n")
        self.partial = lines.pop()
        for line in lines:
            if line.strip():
                self.record(json.loads(line))

    def record(self, record):
        payload = record.get("payload", {})
        if record.get("kind") == "test":
            location = payload.get("sourceLocation", {})
            self.names[payload["id"]] = f"{payload['id'].split('/')[0]}.{payload['name']} ({location.get('fileID')}:{location.get('line')})"
            return
        kind = payload.get("kind")
        if kind in PROGRESS:
            self.last_progress = time.monotonic()
        test = payload.get("testID")
        if kind == "testStarted" and test and "/" in test:
            self.running[test] = time.monotonic()
        elif kind == "testEnded" and test:
            self.running.pop(test, None)
        elif kind == "testCaseStarted" and test and payload.get("_testCase"):
            case = payload["_testCase"]
            self.cases[(test, case.get("id"))] = (case.get("displayName", "?"), time.monotonic())
        elif kind == "testCaseEnded" and test and payload.get("_testCase"):
            self.cases.pop((test, payload["_testCase"].get("id")), None)
        elif kind == "issueRecorded":
            self.issues.extend(message.get("text", "") for message in payload.get("messages", []))


def session_members(session):
    """The live processes of a session: `swift test` puts the test process in a process group of its own."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                # After the command's name (in parentheses, which may hold spaces): state, ppid, pgrp, session.
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            members.append(int(entry))
    return members


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def report(title, command, timeout=120):
    """Runs a diagnostic command and prints its output under `title` (or why it could not run)."""
    print(f"\n--- {title}", file=sys.stderr)
    sys.stderr.flush()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        print((result.stdout + result.stderr).rstrip(), file=sys.stderr)
    except (OSError, subprocess.TimeoutExpired) as error:
        print(f"({error})", file=sys.stderr)


def diagnose(process):
    """What a hung run is waiting on, before it is stopped: a child that never exits (a tool, a server),
    a thread blocked in a system call or on a lock, a database session waiting for a lock."""
    members = {pid: command_line(pid) for pid in session_members(process.pid)}
    print("\n--- the run's processes", file=sys.stderr)
    for pid, line in members.items():
        print(f"  {pid}: {line[:300]}", file=sys.stderr)
    tests = [pid for pid, line in members.items() if "PackageTests" in line]
    # gdb (Debian's): the toolchain's lldb needs a libpython that Debian 12 does not have.
    if shutil.which("gdb"):
        for pid in tests:
            # What the test harnesses under way wait for (TestSupport's HangReport), in their own words.
            report(
                f"harnesses under way in {pid}",
                ["gdb", "-p", str(pid), "-batch", "-nx", "-ex", "set print elements 0", "-ex", "call (char *) usernotifyd_hang_report()"],
                timeout=60,
            )
            demangle = " | swift-demangle --simplified" if shutil.which("swift-demangle") else ""
            report(f"threads of {pid}", ["sh", "-c", f"gdb -p {pid} -batch -nx -ex 'thread apply all bt' 2>&1{demangle}"])
    url = os.environ.get("USERNOTIFYD_TEST_POSTGRES_URL")
    if url and shutil.which("psql"):
        report(
            "PostgreSQL sessions not idle, and locks not granted",
            [
                "psql", url, "-XAq", "-F", " | ", "-c",
                "SELECT pid, datname, state, wait_event_type, wait_event, now() - query_start AS running, left(query, 200) "
                "FROM pg_stat_activity WHERE backend_type = 'client backend' AND state IS DISTINCT FROM 'idle' AND pid <> pg_backend_pid()",
                "-c", "SELECT pid, locktype, mode, relation::regclass FROM pg_locks WHERE NOT granted",
            ],
            timeout=30,
        )


def stop(process):
    """SIGTERM to every process of the run's session, SIGKILL to those still there after 10 s. Only `swift
    test` is this script's child, so the others' exits are looked for in /proc: there is nothing to wait on."""
    for signal_number in (signal.SIGTERM, signal.SIGKILL):
        members = session_members(process.pid)
        for pid in members:
            try:
                os.kill(pid, signal_number)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while members and time.monotonic() < deadline:
            time.sleep(0.2)
            members = session_members(process.pid)
        if not members:
            break
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stall", type=float, default=600, help="seconds without a test starting or ending (default 600)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command
    if not command:
        parser.error("give the command after --")
    with tempfile.TemporaryDirectory(prefix="watchdog-") as directory:
        path = os.path.join(directory, "events.jsonl")
        process = subprocess.Popen(
            command + ["--event-stream-output-path", path, "--event-stream-version", "0"], start_new_session=True
        )
        stream = Stream(path)
        try:
            while True:
                try:
                    return process.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    pass
                stream.read()
                if stream.last_progress is None:
                    continue
                stalled = time.monotonic() - stream.last_progress
                if stalled > arguments.stall:
                    break
        except KeyboardInterrupt:
            stop(process)
            raise
        now = time.monotonic()
        print(f"\nwatchdog: no test started or ended for {stalled:.0f} s; still running:", file=sys.stderr)
        for test, started in sorted(stream.running.items(), key=lambda item: item[1]):
            print(f"  {stream.names.get(test, test)}: {now - started:.0f} s", file=sys.stderr)
            for (case_test, _), (name, case_started) in sorted(stream.cases.items(), key=lambda item: item[1][1]):
                if case_test == test:
                    print(f"    case {name}: {now - case_started:.0f} s", file=sys.stderr)
        if stream.issues:
            print("issues recorded before it:", file=sys.stderr)
            for issue in stream.issues:
                print(f"  {issue}", file=sys.stderr)
        diagnose(process)
        sys.stderr.flush()
        stop(process)
        return 1


if __name__ == "__main__":
    sys.exit(main())
