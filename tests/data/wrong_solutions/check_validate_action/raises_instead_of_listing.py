"""MISTAKE: Validates properly, but with jsonschema.validate, which raises on the first problem.
"""


import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    jsonschema.validate({k: v for k, v in action.items() if k != "action"}, schemas[name])
    return []

HINT = 'return the problems as a list of strings'
