"""MISTAKE: "run" requires read_only_hint True AND destructive_hint False, so a trusted read-only tool that leaves destructiveHint unset is asked about.

The learner doubled the condition to be safe. MCP's destructiveHint is only meaningful when a tool
is not read-only and is usually left unset (None) on read-only tools; the text says a trusted
server's tool that says readOnlyHint: true runs.
"""
import hashlib
import json


def fingerprint(tool):
    canonical = json.dumps({"description": tool.description, "input_schema": tool.input_schema},
                           sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


class Guard:
    def __init__(self, trusted_servers=()):
        self.trusted_servers = set(trusted_servers)
        self.pins = {}

    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = fingerprint(tool)

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != fingerprint(tool):
            return "refuse"
        a = tool.annotations
        if (server in self.trusted_servers and a is not None
                and a.read_only_hint is True and a.destructive_hint is False):
            return "run"
        return "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
