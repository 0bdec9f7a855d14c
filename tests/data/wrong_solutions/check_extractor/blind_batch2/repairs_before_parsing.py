"""MISTAKE: "repairs" the reply first (single quotes to double, trailing commas removed), so broken actions are accepted and Xi'an breaks.

The text says a reply in single quotes, with a trailing comma or cut off is a refusal; repairing is
guessing. Replacing every ' also turns "Xi'an" into an unterminated string.
"""
import json
import re

decoder = json.JSONDecoder()


def extract_action(reply):
    fixed = re.sub(r",\s*([}\]])", r"\1", reply.replace("'", '"'))
    actions, start = [], fixed.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(fixed, start)
            obj = strict_loads(fixed[start:end])
        except ValueError:
            start = fixed.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = fixed.find("{", end)
    return actions[0] if len(actions) == 1 else None
