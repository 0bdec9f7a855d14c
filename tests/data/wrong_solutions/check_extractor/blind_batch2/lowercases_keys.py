"""MISTAKE: lower-cases every key so {"Action": ...} or {"ACTION": ...} count, returning a dict whose keys the model never wrote.

The text asks for "a dict with an "action" key", returned as it is; "City" becoming "city" also
changes the arguments, and {"Action": "a"} beside {"action": "b"} is refused where only one action exists.
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""", re.IGNORECASE)


def extract_action(reply):
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
        if isinstance(obj, dict):
            obj = {str(key).lower(): value for key, value in obj.items()}
            if "action" in obj:
                actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
