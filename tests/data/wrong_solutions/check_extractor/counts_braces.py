"""MISTAKE: Finds objects by counting braces, blind to strings: a brace inside a string value ends the object early.
"""


import json
import re


def extract_action(reply):
    actions, depth, start = [], 0, None
    for i, char in enumerate(reply):
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                try:
                    obj = json.loads(reply[start:i + 1])
                except ValueError:
                    if re.match(r"""\{\s*["']action""", reply[start:]):
                        return None
                    continue
                if isinstance(obj, dict) and "action" in obj:
                    actions.append(obj)
    if depth and start is not None and re.match(r"""\{\s*["']action""", reply[start:]):
        return None
    return actions[0] if len(actions) == 1 else None

HINT = 'braces inside JSON strings are text'
