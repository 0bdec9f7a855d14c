"""MISTAKE: Uses INSERT OR IGNORE and returns True without checking whether a row was inserted, so every caller believes it claimed the key.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return True
