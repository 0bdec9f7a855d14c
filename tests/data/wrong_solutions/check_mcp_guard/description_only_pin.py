"""MISTAKE: the pin is a hash of the description alone, so a tool whose parameters changed after approval still
runs.
"""

import hashlib

from fcourse.remote.guard import Guard as Reference

HINT = "pin the input schema too"


class Guard(Reference):
    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = hashlib.sha256((tool.description or "").encode()).hexdigest()

    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != hashlib.sha256((tool.description or "").encode()).hexdigest():
            return "refuse"
        if server in self.trusted_servers and tool.annotations and tool.annotations.read_only_hint:
            return "run"
        return "confirm"
