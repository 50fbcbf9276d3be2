#!/usr/bin/env python3
"""Holds a write transaction on the SQLite database file given until killed, as a `sqlite3` shell left
in `BEGIN IMMEDIATE` would: every other writer of the file waits out its busy time-out and fails.
Prints `holding` once the transaction is taken."""
import sqlite3
import sys
import time

connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE")
print("holding", flush=True)
time.sleep(3600)
