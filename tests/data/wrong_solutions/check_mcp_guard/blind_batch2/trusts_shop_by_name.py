"""SHORTCUT: ignores trusted_servers and trusts the server named "shop", because the checker (and the notebook) always builds Guard(trusted_servers={"shop"}).

Everything else is a proper guard, so every visible case passes; a host that trusts another
server, or a third-party server that calls itself "shop", gets the wrong answers.
"""
import hashlib
import json


def fingerprint(tool):
    canonical = json.dumps({"description": tool.description, "input_schema": tool.input_schema},
                           sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


class Guard:
    def __init__(self, trusted_servers=()):
        self.pins = {}

    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = fingerprint(tool)

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != fingerprint(tool):
            return "refuse"
        if server == "shop" and tool.annotations is not None and tool.annotations.read_only_hint is True:
            return "run"
        return "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
