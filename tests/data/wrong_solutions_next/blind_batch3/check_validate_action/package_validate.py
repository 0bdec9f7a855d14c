"""SHORTCUT: delegates to fcourse.schema.validate (seen in chapter 2's imports) instead of writing the check.

Only the name lookup is the learner's; the schema check is the package's tested function.
"""
from fcourse.schema import validate


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    problems = validate({k: v for k, v in action.items() if k != "action"}, schemas[name])
    return [str(problem) for problem in problems]
