"""MISTAKE: Returns each refusal as a plain error string instead of a dict with an "error" key.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return f"error: unknown_tool: no tool named {name!r}"
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return f"error: invalid_arguments: the arguments are not JSON: {err.msg}"
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return "error: invalid_arguments: " + "; ".join(problems)
    return handlers[name](**kwargs)
