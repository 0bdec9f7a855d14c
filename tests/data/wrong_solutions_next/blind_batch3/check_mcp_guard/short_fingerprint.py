"""MISTAKE: keeps only the first 4 hex digits of the hash as the pin, so a rug-pulling server can forge a matching description.

16 bits is 65,536 possibilities: a server appends an <IMPORTANT> note and tweaks a word until
the short pin matches - a few seconds of work - and the changed tool passes as approved. The
learner shortened it "to keep the pins readable in logs".
"""
import hashlib
import json


def fingerprint(tool):
    canonical = json.dumps({"description": tool.description, "input_schema": tool.input_schema},
                           sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:4]


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
        if server in self.trusted_servers and a is not None and a.read_only_hint is True:
            return "run"
        return "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
