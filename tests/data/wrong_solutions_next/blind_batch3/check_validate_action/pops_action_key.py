"""MISTAKE: takes the name with action.pop("action"), removing it from the caller's action dict.

The validation is right, but the caller's object loses its "action" key: the loop that runs
the action next (`ACTIONS[action["action"]]`) raises KeyError, and validating the same
action twice says "unknown action None" the second time.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.pop("action", None)  # what is left are the arguments
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    validator = jsonschema.Draft202012Validator(schemas[name])
    return [error.message for error in validator.iter_errors(action)]
