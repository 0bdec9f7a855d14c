"""MISTAKE: Collects every action it can decode and skips the rest: a broken second action is silently ignored.
"""


import json

decoder = json.JSONDecoder(object_pairs_hook=lambda pairs: _no_duplicates(pairs))


def _no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)


def extract_action(reply):
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            obj, end = decoder.raw_decode(reply, start)
        except ValueError:
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None

HINT = 'is a refusal, not something to skip'
