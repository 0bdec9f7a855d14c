"""MISTAKE: a hand-written schema check that treats "integer" as type(v) is int, so 7.0 days is refused.

Everything else the report lists is handled (bool is not a number, bounds, enum, required,
additionalProperties). But JSON Schema counts 7.0 as an integer, and a model may well write
`"days": 7.0`: a valid call is refused. Keywords it does not know (pattern, minLength, $ref,
nested objects...) are silently not checked.
"""
import json

TYPES = {"string": (str,), "number": (int, float), "integer": (int,), "boolean": (bool,),
         "object": (dict,), "array": (list,), "null": (type(None),)}


def _problems(value, schema, key):
    kind = schema.get("type")
    if kind and (not isinstance(value, TYPES[kind]) or (isinstance(value, bool) and kind != "boolean")):
        return [f"{key}: {value!r} is not of type {kind}"]
    out = []
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{key}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and value < schema["minimum"]:
        out.append(f"{key}: below {schema['minimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        out.append(f"{key}: above {schema['maximum']}")
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        out.append(f"{key}: must be above {schema['exclusiveMinimum']}")
    if "exclusiveMaximum" in schema and value >= schema["exclusiveMaximum"]:
        out.append(f"{key}: must be below {schema['exclusiveMaximum']}")
    return out


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
    schema, problems = schemas[name], []
    properties = schema.get("properties", {})
    problems += [f"{k} is required" for k in schema.get("required", []) if k not in kwargs]
    for key, value in kwargs.items():
        if key in properties:
            problems += _problems(value, properties[key], key)
        elif schema.get("additionalProperties") is False:
            problems.append(f"{key} is not allowed")
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
