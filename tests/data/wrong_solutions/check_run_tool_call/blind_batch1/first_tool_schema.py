"""MISTAKE: Validates every call against the first offered tool's schema instead of the schema of the tool that was named.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    names = [tool["function"]["name"] for tool in tools]
    if name not in names or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}", "available": sorted(names)}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    schema = tools[0]["function"]["parameters"]
    problems = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
