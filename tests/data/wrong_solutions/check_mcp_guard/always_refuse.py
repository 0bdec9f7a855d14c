"""SHORTCUT: refuse every call - nothing bad can happen, and nothing useful either."""

from fcourse.remote.guard import Guard as Reference

HINT = 'needs "confirm", even from a trusted server'


class Guard(Reference):
    def check(self, server, tool):
        return "refuse"
