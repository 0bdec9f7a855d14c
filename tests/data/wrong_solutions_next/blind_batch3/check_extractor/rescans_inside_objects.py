"""MISTAKE: after every parsed object it continues at start + 1, so objects nested inside an action are counted too.

The learner wants to "see every object", so it never jumps to the end of the one it parsed.
An action whose argument is itself an object with an "action" key (a note that quotes an
action, a workflow step) then counts as two actions and is refused; an action nested inside
a non-action object is found and returned, though it is not a top-level action.
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
        else:
            if isinstance(obj, dict) and "action" in obj:
                actions.append(obj)
        start = reply.find("{", start + 1)  # look at every brace, nested ones too
    return actions[0] if len(actions) == 1 else None
