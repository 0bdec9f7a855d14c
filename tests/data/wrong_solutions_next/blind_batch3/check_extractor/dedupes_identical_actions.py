"""MISTAKE: counts identical action objects once, so a reply that repeats the same action twice is accepted.

"The model just said the same thing twice; that's not ambiguous." But the brief says to
accept the reply only when there is exactly one action object: two copies are two proposed
calls (a refund written twice), and picking one is a guess about the model's intent.
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
        if isinstance(obj, dict) and "action" in obj and obj not in actions:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
