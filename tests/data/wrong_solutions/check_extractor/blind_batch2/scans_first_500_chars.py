"""MISTAKE: only scans the first 500 characters of the reply ("the action is always near the top"), so a second action later in a long reply is missed.

Every object in the reply must be found before deciding there is exactly one.
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")
WINDOW = 500


def extract_action(reply):
    actions, start = [], reply.find("{", 0, WINDOW)
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)
            obj = strict_loads(reply[start:end])
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None
            start = reply.find("{", start + 1, WINDOW)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end, WINDOW)
    return actions[0] if len(actions) == 1 else None
