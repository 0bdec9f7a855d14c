"""MISTAKE: The shortcut from the issue: refuse when the text "action" appears twice, else take the first object.
"""


import json

decoder = json.JSONDecoder()


def extract_action(reply):
    if reply.count('"action"') > 1:
        return None
    start = reply.find("{")
    while start != -1:
        try:
            obj, end = decoder.raw_decode(reply, start)
        except json.JSONDecodeError:
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            return obj
        start = reply.find("{", end)
    return None

HINT = 'count the objects you parsed'
