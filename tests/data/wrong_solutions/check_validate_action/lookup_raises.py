"""MISTAKE: Looks the schema up with the action as a dict key: a missing or list-valued action raises.
"""


import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if action["action"] not in schemas:
        return [f"unknown action {action['action']!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    validator = jsonschema.Draft202012Validator(schemas[action["action"]])
    return [error.message for error in validator.iter_errors(arguments)]

HINT = 'never raise on a bad action'
