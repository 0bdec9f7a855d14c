"""MISTAKE: Tries to be helpful by unwrapping a one-element array of actions and double-encoded JSON strings, instead of refusing them.
"""
import json
import re

from fcourse.prompting.scan import strict_loads

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def _unwrap(obj):
    if isinstance(obj, str):
        try:
            obj = strict_loads(obj)
        except ValueError:
            return obj
    if isinstance(obj, list) and len(obj) == 1:
        obj = obj[0]
    return obj


def extract_action(reply):
    """The one action object in the reply, or None."""
    stripped = reply.strip()
    if stripped[:1] in ('"', "["):
        try:
            obj = _unwrap(strict_loads(stripped))
        except ValueError:
            obj = None
        if isinstance(obj, dict) and "action" in obj:
            return obj
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
    return actions[0] if len(actions) == 1 else None
