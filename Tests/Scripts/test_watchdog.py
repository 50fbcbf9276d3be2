#!/usr/bin/env python3
"""The watchdog (`watchdog.py`) on a stand-in for `swift test`: a run that finishes keeps its status; a
run that hangs is stopped and named, down to its test case, with what it was waiting on."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))

# A stand-in for `swift test`: writes Swift Testing's events to the path the watchdog adds, then
# either exits with the given status or becomes a process named like the test process and never ends.
STAND_IN = textwrap.dedent(
    """
    import json, os, sys
    path = sys.argv[sys.argv.index("--event-stream-output-path") + 1]
    test = "Suite.Suite/hangs(_:)/File.swift:1:1"
    events = [
        {"kind": "test", "payload": {"id": test, "name": "hangs(_:)", "sourceLocation": {"fileID": "M/File.swift", "line": 1}}},
        {"kind": "event", "payload": {"kind": "runStarted"}},
        {"kind": "event", "payload": {"kind": "testStarted", "testID": test}},
        {"kind": "event", "payload": {"kind": "testCaseStarted", "testID": test, "_testCase": {"id": "1", "displayName": "SQLite"}}},
        {"kind": "event", "payload": {"kind": "testCaseStarted", "testID": test, "_testCase": {"id": "2", "displayName": "PostgreSQL"}}},
        {"kind": "event", "payload": {"kind": "testCaseEnded", "testID": test, "_testCase": {"id": "1", "displayName": "SQLite"}}},
    ]
    with open(path, "w") as file:
        file.writelines(json.dumps(event) + "\\n" for event in events)
    if sys.argv[1] == "exit":
        sys.exit(int(sys.argv[2]))
    pid_file = sys.argv[2]
    with open(pid_file, "w") as file:
        file.write(str(os.getpid()))
    os.execv("/bin/sleep", ["StandInPackageTests", "1000"])
    """
)


class WatchdogTests(unittest.TestCase):
    def run_watchdog(self, *arguments):
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
            script.write(STAND_IN)
        self.addCleanup(os.unlink, script.name)
        environment = {key: value for key, value in os.environ.items() if key != "USERNOTIFYD_TEST_POSTGRES_URL"}
        return subprocess.run(
            [sys.executable, os.path.join(HERE, "watchdog.py"), "--stall", "1", "--", sys.executable, script.name, *arguments],
            capture_output=True, text=True, timeout=300, env=environment,
        )

    def test_a_run_that_ends_keeps_its_status(self):
        self.assertEqual(self.run_watchdog("exit", "3").returncode, 3)
        self.assertEqual(self.run_watchdog("exit", "0").returncode, 0)

    def test_a_hung_run_is_stopped_and_named_down_to_its_case(self):
        with tempfile.TemporaryDirectory() as directory:
            pid_file = os.path.join(directory, "pid")
            result = self.run_watchdog("hang", pid_file)
            with open(pid_file) as file:
                pid = int(file.read())
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("Suite.Suite.hangs(_:) (M/File.swift:1)", result.stderr)
        self.assertIn("case PostgreSQL", result.stderr)
        self.assertNotIn("case SQLite", result.stderr, "that case ended")
        self.assertIn(f"{pid}: StandInPackageTests 1000", result.stderr)
        self.assertIn(f"threads of {pid}", result.stderr)
        self.assertRegex(result.stderr, r"Thread 1 .*\n#0 .*", "a backtrace of the hung process")
        self.assertFalse(os.path.exists(f"/proc/{pid}") and open(f"/proc/{pid}/stat").read().split()[2] != "Z", "stopped")


if __name__ == "__main__":
    unittest.main()
