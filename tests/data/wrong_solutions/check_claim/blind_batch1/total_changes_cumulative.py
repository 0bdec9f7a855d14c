"""MISTAKE: Uses INSERT OR IGNORE and checks conn.total_changes > 0, which counts every change ever made on the connection, so after the first claim every later claim answers True.
"""
import sqlite3
import time

CLAIM_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


def claim(conn, key):
    time.sleep(0.005)  # the work before the write: keep it
    conn.execute("INSERT OR IGNORE INTO claims (idempotency_key) VALUES (?)", (key,))
    return conn.total_changes > 0
