"""MISTAKE: a changed tool is refused once and then pinned as it reads now, so the rug pull works from the second
call on.
"""

from fcourse.remote.guard import Guard as Reference
from fcourse.remote.guard import tool_fingerprint

HINT = "compare with what the user approved, not with what you saw last"


class Guard(Reference):
    def check(self, server, tool):
        key = (server, tool.name)
        if key in self.pins and self.pins[key] != tool_fingerprint(tool):
            self.pins[key] = tool_fingerprint(tool)  # keep up with the server
            return "refuse"
        return super().check(server, tool)
