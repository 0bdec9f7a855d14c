"""MISTAKE: Checks the name, then validates the arguments against the first tool's schema, whichever was named.
"""


import jsonschema


def validate_action(action, tools):
    names = [tool["function"]["name"] for tool in tools]
    name = action.get("action")
    if not isinstance(name, str) or name not in names:
        return [f"unknown action {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    schema = tools[0]["function"]["parameters"]
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(arguments)]

HINT = 'not the first one'
