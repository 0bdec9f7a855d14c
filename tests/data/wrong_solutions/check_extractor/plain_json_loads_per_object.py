"""MISTAKE: Right shape, but each object is read with plain json.loads: a key given twice keeps its last value.
"""


import json
import re

decoder = json.JSONDecoder()


def extract_action(reply):
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            obj, end = decoder.raw_decode(reply, start)
        except ValueError:
            if re.match(r"""\{\s*["']action["']""", reply[start:]):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None

HINT = 'a key given twice is ambiguous'
