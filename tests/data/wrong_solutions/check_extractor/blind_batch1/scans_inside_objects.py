"""MISTAKE: After each parsed object it continues at the next "{" character instead of after the object's end, so an action nested inside another object is picked up as if it were top level.
"""
import json
import re

from fcourse.prompting.scan import strict_loads

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    """The one action object in the reply, or None."""
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)
            obj = strict_loads(reply[start:end])
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
            start = reply.find("{", end)
        else:
            start = reply.find("{", start + 1)
    return actions[0] if len(actions) == 1 else None
