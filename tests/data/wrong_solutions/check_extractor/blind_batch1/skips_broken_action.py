"""MISTAKE: Skips an action object that does not parse (cut off, single quotes) and still returns the one good action beside it.
"""
import json

from fcourse.prompting.scan import strict_loads

decoder = json.JSONDecoder()


def extract_action(reply):
    """The one action object in the reply, or None."""
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)
            obj = strict_loads(reply[start:end])
        except ValueError:
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
