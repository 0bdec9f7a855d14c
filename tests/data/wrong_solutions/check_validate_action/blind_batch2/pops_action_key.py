"""MISTAKE: removes "action" from the caller's dict with action.pop("action") to get the arguments, mutating the action it was given.

The verdict is right, but afterwards the caller's action has no "action" key: section 7's loop
reads action['action'] after validating and raises KeyError, and a second validation says "no action".
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.pop("action", None)
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(action)]
