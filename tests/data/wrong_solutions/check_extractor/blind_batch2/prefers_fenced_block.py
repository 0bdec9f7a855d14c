"""MISTAKE: when the reply has a ```json fence it looks only inside the first fence, ignoring actions in the prose or in later fences.

A reply with one action in prose and another in a fence (or two fences) holds two actions and must
be refused; this returns the fenced one.
"""
import json
import re

decoder = json.JSONDecoder()
FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    fence = FENCE.search(reply)
    text = fence.group(1) if fence else reply
    actions, start = [], text.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(text, start)
            obj = strict_loads(text[start:end])
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(text, start):
                return None
            start = text.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = text.find("{", end)
    return actions[0] if len(actions) == 1 else None
