"""MISTAKE: pins are kept by tool name only, so approving the shop's get_order also approves another server's
get_order.
"""

from fcourse.remote.guard import Guard as Reference
from fcourse.remote.guard import tool_fingerprint

HINT = "pin per server"


class Guard(Reference):
    def approve(self, server, tools):
        for tool in tools:
            self.pins[tool.name] = tool_fingerprint(tool)

    def check(self, server, tool):
        if self.pins.get(tool.name) != tool_fingerprint(tool):
            return "refuse"
        if server in self.trusted_servers and tool.annotations and tool.annotations.read_only_hint is True:
            return "run"
        return "confirm"
