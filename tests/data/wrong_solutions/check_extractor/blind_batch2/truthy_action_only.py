"""MISTAKE: counts an object as an action only when obj.get("action") is truthy, so {"action": ""} or {"action": null} beside a real action is ignored.

The text defines an action object as "a dict with an "action" key"; a second object with an empty
or null action is still a second action (a broken one), and the reply must be refused.
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
        if isinstance(obj, dict) and obj.get("action"):
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
