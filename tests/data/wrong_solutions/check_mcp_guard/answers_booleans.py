"""MISTAKE: check answers True (go ahead) or False (refuse) and returns "confirm" only when asking, so two of the
three answers are not the words the host reads.
"""

from fcourse.remote.guard import Guard as Reference

HINT = 'check must answer exactly "run", "confirm" or "refuse"'


class Guard(Reference):
    def check(self, server, tool):
        verdict = super().check(server, tool)
        return {"run": True, "refuse": False}.get(verdict, verdict)
