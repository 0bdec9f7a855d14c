"""MISTAKE: the result is quoted between tags the text itself can write, so a review can close the quote and speak
outside it.
"""

from fcourse.remote.guard import Guard as Reference

HINT = "as_data must return JSON text of an object"


class Guard(Reference):
    def as_data(self, server, text):
        return f'<tool-data source="{server}">{text}</tool-data>'
