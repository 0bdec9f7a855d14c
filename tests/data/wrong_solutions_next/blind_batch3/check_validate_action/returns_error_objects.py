"""MISTAKE: returns jsonschema ValidationError objects, not the problems in words.

`list(validator.iter_errors(...))` is truthy exactly when it should be, so the loop refuses
and runs the right actions, but the brief asks for the problems in words (strings);
`"refused: " + problems[0]` in section 7 raises TypeError.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return list(jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments))
