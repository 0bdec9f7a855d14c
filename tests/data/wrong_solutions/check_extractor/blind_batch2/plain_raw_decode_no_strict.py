"""MISTAKE: collects every action correctly but parses with raw_decode's plain json rules, not strict_loads, so a key given twice or NaN passes.

The report's hint says it: a key given twice is ambiguous, parse each object with your strict_loads.
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            obj, end = decoder.raw_decode(reply, start)
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
