"""MISTAKE: as_data strips surrounding whitespace and collapses blank lines before quoting, so the text is not quoted exactly.

The learner tidied the review for the model; the exercise says the text quoted exactly.
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

    def as_data(self, server, text):
        tidy = "\n".join(line.strip() for line in text.strip().splitlines() if line.strip())
        return json.dumps({"source": server, "data": tidy}, ensure_ascii=False)
