"""MISTAKE: Finds objects with the regex \{.*?\}, which cuts an object at the first closing brace, so nested objects and braces inside strings break it.
"""
import json
import re

from fcourse.prompting.scan import strict_loads

OBJECT = re.compile(r"\{.*?\}", re.DOTALL)


def extract_action(reply):
    """The one action object in the reply, or None."""
    actions = []
    for match in OBJECT.finditer(reply):
        try:
            obj = strict_loads(match.group(0))
        except ValueError:
            if re.match(r"""\{\s*["']action["']""", match.group(0)):
                return None
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
    return actions[0] if len(actions) == 1 else None
