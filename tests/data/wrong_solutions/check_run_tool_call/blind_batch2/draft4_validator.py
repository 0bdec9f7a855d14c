"""MISTAKE: validates with jsonschema.Draft4Validator (copied from an old answer), which ignores a numeric exclusiveMinimum.

In draft 4, exclusiveMinimum is a boolean modifier of minimum; `"exclusiveMinimum": 0` as a number
is not a keyword there, so an amount of 0 or -5 reaches the handler. Draft 4 also treats 2.0 as
not an integer, unlike current JSON Schema.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    problems = [e.message for e in jsonschema.Draft4Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
