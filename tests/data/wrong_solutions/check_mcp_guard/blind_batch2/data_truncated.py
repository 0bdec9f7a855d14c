"""MISTAKE: as_data cuts the text at 500 characters (with an ellipsis) to save context; the exercise says the text is quoted exactly.
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
        annotations = tool.annotations
        if server in self.trusted_servers and annotations is not None and annotations.read_only_hint is True:
            return "run"
        return "confirm"

    LIMIT = 500

    def as_data(self, server, text):
        data = text if len(text) <= self.LIMIT else text[: self.LIMIT] + "…"
        return json.dumps({"source": server, "data": data}, ensure_ascii=False)
