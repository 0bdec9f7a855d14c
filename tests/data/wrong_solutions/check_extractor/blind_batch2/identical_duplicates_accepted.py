"""MISTAKE: two or more action objects that are identical are accepted as "one action", since "it is the same call anyway".

The text: accept the reply only when there is exactly one action object. A reply that repeats an
action twice holds two, and running it once is still a guess about what the model meant.
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
        start = reply.find("{", end)
    distinct = [a for i, a in enumerate(actions) if a not in actions[:i]]
    return distinct[0] if len(distinct) == 1 else None
