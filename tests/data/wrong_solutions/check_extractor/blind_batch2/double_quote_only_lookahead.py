"""MISTAKE: a broken object counts as an action only if it starts exactly with `{"action"`, so a broken second action in single quotes or with a space after the brace is skipped.

`{'action': 'refund'}` or `{ "action": "refund",}` after a good action: the good one is returned,
though the text says an object that starts like an action but does not parse is a refusal, not a skip.
"""
import json

decoder = json.JSONDecoder()


def extract_action(reply):
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)
            obj = strict_loads(reply[start:end])
        except ValueError:
            if reply.startswith('{"action"', start):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
