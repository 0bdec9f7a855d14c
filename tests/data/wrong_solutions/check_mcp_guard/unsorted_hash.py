"""MISTAKE: the hash is taken of json.dumps without sort_keys, so the same tool listed with its keys in another
order is refused.
"""

import hashlib
import json

from fcourse.remote.guard import Guard as Reference

HINT = "hash a canonical form"


def fingerprint(tool):
    return hashlib.sha256(json.dumps([tool.description, tool.input_schema]).encode()).hexdigest()


class Guard(Reference):
    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = fingerprint(tool)

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != fingerprint(tool):
            return "refuse"
        if server in self.trusted_servers and tool.annotations and tool.annotations.read_only_hint is True:
            return "run"
        return "confirm"
