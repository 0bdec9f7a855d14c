"""MISTAKE: Validates each given key against its property schema and checks required keys, but silently skips keys the schema does not have, so an extra key reaches the handler.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}", "available": sorted(schemas)}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    schema = schemas[name]
    properties = schema.get("properties", {})
    problems = [f"{key!r} is a required property" for key in schema.get("required", []) if key not in kwargs]
    for key, value in kwargs.items():
        if key in properties:
            problems += [f"{key}: {e.message}" for e in jsonschema.Draft202012Validator(properties[key]).iter_errors(value)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
