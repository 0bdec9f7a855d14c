"""MISTAKE: a hand-written schema check that treats maximum as exclusive and True as a number.

It refuses the largest allowed value (`days` = maximum) because it uses `>=`, and isinstance(True, int)
lets a boolean through where a number or integer belongs. It also ignores exclusiveMinimum.
"""
import json

TYPES = {"string": str, "number": (int, float), "integer": int, "boolean": bool, "object": dict, "array": list}


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
    schema = schemas[name]
    properties = schema.get("properties", {})
    problems = [f"{key!r} is required" for key in schema.get("required", []) if key not in kwargs]
    for key, value in kwargs.items():
        spec = properties.get(key)
        if spec is None:
            if schema.get("additionalProperties") is False:
                problems.append(f"{key!r} was unexpected")
            continue
        if "type" in spec and not isinstance(value, TYPES[spec["type"]]):
            problems.append(f"{key!r} must be {spec['type']}")
            continue
        if "enum" in spec and value not in spec["enum"]:
            problems.append(f"{key!r} must be one of {spec['enum']}")
        if "minimum" in spec and value < spec["minimum"]:
            problems.append(f"{key!r} is below {spec['minimum']}")
        if "maximum" in spec and value >= spec["maximum"]:
            problems.append(f"{key!r} is above {spec['maximum']}")
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
