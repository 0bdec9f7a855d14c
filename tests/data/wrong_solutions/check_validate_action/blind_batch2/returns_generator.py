"""MISTAKE: returns the lazy generator of problem messages instead of a list, so "[] when it may run" never holds.

A generator is always truthy: `if problems:` refuses every action, valid ones included, and
`problems == []` is never true.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools, got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return (error.message for error in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments))
