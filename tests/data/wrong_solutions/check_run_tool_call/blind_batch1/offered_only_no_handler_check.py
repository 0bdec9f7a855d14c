"""MISTAKE: Checks that the tool was offered but not that it has a handler, so an offered tool without a handler crashes with KeyError.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}", "available": sorted(schemas)}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
