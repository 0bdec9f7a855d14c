"""MISTAKE: as_data "defuses" the text - removes angle brackets, replaces double quotes and cuts it to 500 characters - before quoting it.

JSON encoding already makes the quotation safe; the text says the text is quoted exactly. A review
with "<3" or a quoted sentence now reads differently from what the server returned, and a long
result silently loses its end.
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
        if server in self.trusted_servers and a is not None and a.read_only_hint is True:
            return "run"
        return "confirm"

    def as_data(self, server, text):
        cleaned = text.replace("<", "").replace(">", "").replace('"', "'")[:500]
        return json.dumps({"source": server, "data": cleaned}, ensure_ascii=False)
