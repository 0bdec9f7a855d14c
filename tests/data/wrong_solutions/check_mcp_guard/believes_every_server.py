"""MISTAKE: a tool that says it is read-only runs without asking, whoever says so - the annotations of an untrusted
server are believed.
"""

from fcourse.remote.guard import Guard as Reference
from fcourse.remote.guard import tool_fingerprint

HINT = "annotations from a server the user has not trusted prove nothing"


class Guard(Reference):
    def check(self, server, tool):
        if self.pins.get((server, tool.name)) != tool_fingerprint(tool):
            return "refuse"
        if tool.annotations is not None and tool.annotations.read_only_hint:
            return "run"
        return "confirm"
