"""MISTAKE: Returns the problems joined into one string ("" when valid) instead of a list of problems.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"
    arguments = {key: value for key, value in action.items() if key != "action"}
    return "; ".join(error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments))
