"""MISTAKE: Recognises a broken action only when it starts with {"action" in double quotes, so a second action written in single quotes is skipped and the first one is returned.
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
            if reply[start:].replace(" ", "").startswith('{"action"'):
                return None
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
