"""MISTAKE: Validates the whole object, "action" included: additionalProperties refuses every call.
"""


import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(action)]

HINT = 'it is not an argument'
