"""MISTAKE: a hand-written check where "integer" means isinstance(v, int) and not bool, so 3.0 is refused, and exclusiveMinimum is ignored.

JSON Schema says 3.0 is an integer (a number with zero fractional part), and an amount of exactly 0
with "exclusiveMinimum": 0 must be refused; both disagree with jsonschema.
"""
NUMBER_TYPES = {"string": str, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def _type_ok(value, expected):
    if expected == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if expected == "number" and isinstance(value, bool):
        return False
    return isinstance(value, NUMBER_TYPES[expected])


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools, got {name!r}"]
    schema, problems = schemas[name], []
    arguments = {key: value for key, value in action.items() if key != "action"}
    problems += [f"{key!r} is required" for key in schema.get("required", []) if key not in arguments]
    for key, value in arguments.items():
        spec = schema.get("properties", {}).get(key)
        if spec is None:
            if schema.get("additionalProperties") is False:
                problems.append(f"{key!r} was unexpected")
            continue
        if "type" in spec and not _type_ok(value, spec["type"]):
            problems.append(f"{value!r} is not of type {spec['type']!r}")
            continue
        if "enum" in spec and value not in spec["enum"]:
            problems.append(f"{value!r} is not one of {spec['enum']}")
        if "minimum" in spec and value < spec["minimum"]:
            problems.append(f"{value!r} is less than the minimum of {spec['minimum']}")
        if "maximum" in spec and value > spec["maximum"]:
            problems.append(f"{value!r} is greater than the maximum of {spec['maximum']}")
    return problems
