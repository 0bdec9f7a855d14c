"""MISTAKE: a server counts as trusted when its name starts with a trusted name, so "shop-mirror" or "shopping-deals" inherit the shop's trust.

The learner wanted "shop-eu" and "shop-us" covered by trusting "shop". Trust is given to the
servers in trusted_servers, not to names that look like them; any server can pick its name.
"""
import hashlib
import json


def fingerprint(tool):
    canonical = json.dumps({"description": tool.description, "input_schema": tool.input_schema},
                           sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


class Guard:
    def __init__(self, trusted_servers=()):
        self.trusted_servers = tuple(trusted_servers)
        self.pins = {}

    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = fingerprint(tool)

    def trusted(self, server):
        return bool(self.trusted_servers) and server.startswith(self.trusted_servers)

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != fingerprint(tool):
            return "refuse"
        a = tool.annotations
        if self.trusted(server) and a is not None and a.read_only_hint is True:
            return "run"
        return "confirm"

    def as_data(self, server, text):
        return json.dumps({"source": server, "data": text}, ensure_ascii=False)
