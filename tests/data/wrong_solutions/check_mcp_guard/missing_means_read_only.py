"""MISTAKE: a trusted server's tool runs unless it says it changes something, so a tool with no annotations runs
without asking.
"""

from fcourse.remote.guard import Guard as Reference
from fcourse.remote.guard import tool_fingerprint

HINT = "a tool without annotations (or without readOnlyHint) may change something"


class Guard(Reference):
    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != tool_fingerprint(tool):
            return "refuse"
        if server not in self.trusted_servers:
            return "confirm"
        annotations = tool.annotations
        if annotations is None or annotations.read_only_hint is not False and not annotations.destructive_hint:
            return "run"
        return "confirm"
