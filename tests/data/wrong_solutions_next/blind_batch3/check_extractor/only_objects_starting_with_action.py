"""MISTAKE: only looks at objects whose FIRST key is "action" (a regex finds the starts), skipping the rest.

Fast and it passes the gallery, where "action" always comes first. But {"city": "Oslo",
"action": "get_weather"} is an action object too: as the only one it is missed (None where
one action is due), and as a second one it is not counted, so two actions pass as one.
"""
import json
import re

decoder = json.JSONDecoder()
ACTION_START = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    actions = []
    for match in ACTION_START.finditer(reply):
        try:
            _, end = decoder.raw_decode(reply, match.start())
            obj = strict_loads(reply[match.start():end])
        except ValueError:
            return None  # starts like an action, does not parse: refuse
        if isinstance(obj, dict):
            actions.append(obj)
    return actions[0] if len(actions) == 1 else None
