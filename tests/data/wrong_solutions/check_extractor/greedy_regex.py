"""MISTAKE: Takes everything from the first '{' to the last '}' and hopes it is one object.
"""


import json
import re


def extract_action(reply):
    match = re.search(r"\{.*\}", reply, re.DOTALL)
    if match is None:
        return None
    try:
        obj = json.loads(match.group(0))
    except ValueError:
        return None
    return obj if isinstance(obj, dict) and "action" in obj else None

HINT = "try to decode at every '{'"
