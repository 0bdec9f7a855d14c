"""MISTAKE: Counts actions correctly but keeps raw_decode's object, so a key given twice (or NaN) inside the action is silently accepted.
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    """The one action object in the reply, or None."""
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            obj, end = decoder.raw_decode(reply, start)
        except json.JSONDecodeError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
