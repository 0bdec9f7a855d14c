"""MISTAKE: strips whitespace from the action name before looking it up, so "get_weather " passes.

str(...).strip() also keeps a list or null from crashing, which is why the learner wrote it.
But the name must be exactly one of the tools' names; a trailing space or newline is
another name, and the loop then looks up ACTIONS["get_weather "] and fails.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = str(action.get("action", "")).strip()
    if name not in schemas:
        return [f"unknown action {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return [error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
