"""MISTAKE: A hand-written schema check that tests required keys, unknown keys and basic types, but ignores enum, minimum/maximum and pattern.
"""
import json

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


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
    problems = []
    for key in schema.get("required", []):
        if key not in kwargs:
            problems.append(f"{key!r} is a required property")
    for key, value in kwargs.items():
        if key not in properties:
            problems.append(f"unexpected key {key!r}")
            continue
        expected = properties[key].get("type")
        if expected in TYPES and not isinstance(value, TYPES[expected]):
            problems.append(f"{key!r} must be of type {expected}")
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
