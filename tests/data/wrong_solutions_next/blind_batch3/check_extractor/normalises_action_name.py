"""MISTAKE: returns the action with its name cleaned up (strip().lower()), not the object the model wrote.

The learner makes "Get_Weather " match get_weather later on. The brief asks for the one
action object; rewriting its name is a guess that lets a name in other letters pass the
later name check, and a non-string action (null, a list) raises AttributeError.
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
        if isinstance(obj, dict) and "action" in obj:
            obj["action"] = obj["action"].strip().lower()
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
