"""MISTAKE: Looks the action name up in a dict without checking it is a string, so an "action" that is a list raises TypeError instead of being reported.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
