"""MISTAKE: Matches the action name to the tools case-insensitively, so "Get_Weather" is accepted although no tool has that exact name.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"].lower(): tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name.strip().lower() not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    schema = schemas[name.strip().lower()]
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(arguments)]
