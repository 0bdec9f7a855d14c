"""SHORTCUT: ask the user about every call - it sounds safe, but a changed tool is put to the user instead of
refused, and nothing runs by itself.
"""

from fcourse.remote.guard import Guard as Reference

HINT = 'may "run" without asking'


class Guard(Reference):
    def check(self, server, tool):
        return "confirm"
