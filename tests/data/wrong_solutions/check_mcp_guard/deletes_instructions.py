"""MISTAKE: as_data deletes the phrases it knows to be injections, editing the review instead of quoting it."""

import json
import re

from fcourse.remote.guard import Guard as Reference

HINT = "quote the text exactly - do not edit it"

_BANNED = re.compile(r"ignore (all )?previous instructions|忽略之前的所有指令", re.IGNORECASE)


class Guard(Reference):
    def as_data(self, server, text):
        return json.dumps({"source": server, "data": _BANNED.sub("[removed]", text)}, ensure_ascii=False)
