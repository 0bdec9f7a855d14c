"""MISTAKE: answers "confirm" for any untrusted server before looking at the pins, so a rug-pulled or never-approved tool of an untrusted server is offered (and asked about) instead of refused.

The learner ordered the checks by trust ("untrusted: always ask") and only pinned the trusted
server's tools. The text: "refuse" for a tool not approved on that server or changed since,
whatever the server's trust - the user's "yes" to a review tool was for its old description.
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
        if server not in self.trusted_servers:
            return "confirm"                     # the user decides for untrusted servers anyway
        if self.pins.get((server, tool.name)) != fingerprint(tool):
            return "refuse"
        a = tool.annotations
        return "run" if a is not None and a.read_only_hint is True else "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
