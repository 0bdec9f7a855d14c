"""MISTAKE: if the whole reply parses as JSON it returns the first action in it, even from a list of actions.

A fast path for the clean case: `strict_loads(reply)`. For a dict it is right, but a reply
that is a JSON array of two actions ([{"action": ...}, {"action": ...}]) returns the first
one; two actions must be refused. (The scan below would have refused it.)
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    try:
        whole = strict_loads(reply.strip())
    except ValueError:
        whole = None
    if isinstance(whole, dict) and "action" in whole:
        return whole
    if isinstance(whole, list):
        return next((x for x in whole if isinstance(x, dict) and "action" in x), None)
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
