"""MISTAKE: drops arguments whose value is None before validating ("null means not given"), so null for an optional key passes its type and enum.

{"action": "convert_currency", "amount": 10, "currency": null} may run although null is not one of
the currencies; a required key sent as null becomes "missing" instead of "wrong type".
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools, got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action" and value is not None}
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
