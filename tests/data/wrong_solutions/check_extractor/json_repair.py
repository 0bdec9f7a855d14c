"""MISTAKE: Lets json-repair fix the reply first: single quotes and cut-off objects become calls nobody wrote.
"""


import json_repair


def extract_action(reply):
    value = json_repair.repair_json(reply, return_objects=True)
    if isinstance(value, list):
        actions = [v for v in value if isinstance(v, dict) and "action" in v]
        return actions[0] if len(actions) == 1 else None
    return value if isinstance(value, dict) and "action" in value else None

HINT = 'is a refusal, not something to skip'
