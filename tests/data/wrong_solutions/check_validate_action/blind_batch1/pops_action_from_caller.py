"""MISTAKE: Takes the name out with action.pop("action"), as the chapter's first loop did, which mutates the caller's action dict.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.pop("action", None)
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(action)]
