"""MISTAKE: counts an object as an action only when its "action" value is a non-empty string.

The learner filters "junk" objects such as {"action": null} or {"action": ""} before
counting. The brief defines an action object as a dict with an "action" key; a real action
followed by {"action": null} is two action objects, and must be refused, not reduced to one.
"""
import json
import re

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


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
        if isinstance(obj, dict) and isinstance(obj.get("action"), str) and obj["action"].strip():
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
