"""MISTAKE: Wraps the check in try/except Exception and returns [] when anything goes wrong, so an action the check cannot handle is allowed to run.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    try:
        schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
        name = action.get("action")
        if name not in schemas:
            return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
        arguments = {key: value for key, value in action.items() if key != "action"}
        return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    except Exception:
        return []
