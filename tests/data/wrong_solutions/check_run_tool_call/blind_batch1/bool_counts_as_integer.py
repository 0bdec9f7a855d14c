"""MISTAKE: A hand-written type check with isinstance(value, int) for "integer" and (int, float) for "number", so JSON true passes as a number.

Enum, minimum/maximum and required/extra keys are checked; only the boolean-is-an-int trap is missed.
"""
import json
import re

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def _problems(value, schema, where):
    problems = []
    expected = schema.get("type")
    if isinstance(expected, list):
        if not any(isinstance(value, TYPES[t]) or (t == "null" and value is None) for t in expected if t in TYPES or t == "null"):
            problems.append(f"{where}: {value!r} is not of type {expected}")
            return problems
    elif expected == "null":
        if value is not None:
            problems.append(f"{where}: {value!r} is not null")
            return problems
    elif expected in TYPES and not isinstance(value, TYPES[expected]):
        problems.append(f"{where}: {value!r} is not of type {expected!r}")
        return problems
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if isinstance(value, (int, float)):
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(f"{where}: {value!r} is less than the minimum of {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(f"{where}: {value!r} is greater than the maximum of {schema['maximum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            problems.append(f"{where}: {value!r} must be greater than {schema['exclusiveMinimum']}")
        if "exclusiveMaximum" in schema and value >= schema["exclusiveMaximum"]:
            problems.append(f"{where}: {value!r} must be less than {schema['exclusiveMaximum']}")
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            problems.append(f"{where}: {value!r} does not match {schema['pattern']!r}")
        if "minLength" in schema and len(value) < schema["minLength"]:
            problems.append(f"{where}: {value!r} is too short")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            problems.append(f"{where}: {value!r} is too long")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{where}: {key!r} is a required property")
        for key, item in value.items():
            if key in properties:
                problems.extend(_problems(item, properties[key], f"{where}.{key}"))
            elif schema.get("additionalProperties") is False:
                problems.append(f"{where}: additional property {key!r} is not allowed")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            problems.extend(_problems(item, schema["items"], f"{where}[{index}]"))
    return problems


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
    problems = _problems(kwargs, schemas[name], "arguments")
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
