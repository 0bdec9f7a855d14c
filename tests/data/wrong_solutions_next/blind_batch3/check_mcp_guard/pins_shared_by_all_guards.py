"""MISTAKE: `pins = {}` is a class attribute, so every Guard shares one table of approvals.

A tool approved on one guard (one user, one test case) counts as approved on every other: a
fresh Guard() answers "run"/"confirm" for a tool its own user never approved, where "refuse" is due.
"""
import hashlib
import json


class Guard:
    pins = {}   # (server, tool name) -> fingerprint

    def __init__(self, trusted_servers=()):
        self.trusted_servers = set(trusted_servers)

    @staticmethod
    def fingerprint(tool):
        canonical = json.dumps({"description": tool.description, "input_schema": tool.input_schema},
                               sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode()).hexdigest()

    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = self.fingerprint(tool)

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != self.fingerprint(tool):
            return "refuse"
        a = tool.annotations
        if server in self.trusted_servers and a is not None and a.read_only_hint is True:
            return "run"
        return "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
