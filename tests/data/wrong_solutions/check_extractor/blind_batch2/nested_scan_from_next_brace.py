"""MISTAKE: after each object it resumes at the next "{" after the start, not after the object's end, so actions nested in other objects are counted.

`{"plan": {"action": "refund"}}` gives the inner action, which the text's "find every object that
names an action" means at the top level only (the reference refuses an action nested in another object).
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
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", start + 1)
    return actions[0] if len(actions) == 1 else None
