"""MISTAKE: Validates the whole action object, "action" key included, against the tool's schema, so additionalProperties:false (or a tool with no parameters) refuses a good action.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(action)]
