"""MISTAKE: approval keeps the tool object itself and compares with it later, so a tool changed in place still
matches its pin.
"""

from fcourse.remote.guard import Guard as Reference

HINT = "pin a hash (or a deep copy) at approval"


class Guard(Reference):
    def approve(self, server, tools):
        for tool in tools:
            self.pins[(server, tool.name)] = tool

    def check(self, server, tool):
        pinned = self.pins.get((server, tool.name))
        if pinned is None or (pinned.description, pinned.input_schema) != (tool.description, tool.input_schema):
            return "refuse"
        if server in self.trusted_servers and tool.annotations and tool.annotations.read_only_hint is True:
            return "run"
        return "confirm"
