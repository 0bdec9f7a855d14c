"""MISTAKE: Validates with jsonschema.Draft4Validator (the draft an old tutorial used), under which a numeric exclusiveMinimum/exclusiveMaximum is not enforced the way the tools' 2020-12 schemas mean it.
"""
import jsonschema


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return [error.message for error in jsonschema.Draft4Validator(schemas[name]).iter_errors(arguments)]
