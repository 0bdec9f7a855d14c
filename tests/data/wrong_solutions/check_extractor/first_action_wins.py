"""MISTAKE: The starter: returns the first action object, whatever follows it.
"""


import json

decoder = json.JSONDecoder()


def extract_action(reply):
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

HINT = 'collect every action object'
