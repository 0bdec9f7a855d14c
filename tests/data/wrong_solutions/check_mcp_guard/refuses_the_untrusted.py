"""MISTAKE: every tool of an untrusted server is refused outright, instead of asking the user, so reading reviews
is impossible.
"""

from fcourse.remote.guard import Guard as Reference

HINT = "its tools need \"confirm\""


class Guard(Reference):
    def check(self, server, tool):
        if server not in self.trusted_servers:
            return "refuse"
        return super().check(server, tool)
