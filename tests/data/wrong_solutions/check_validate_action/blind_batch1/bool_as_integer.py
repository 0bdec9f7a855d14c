"""MISTAKE: A hand-written schema check using isinstance(value, int) for "integer", so True passes where an integer belongs.

Required keys, extra keys, enum, minimum/maximum and pattern are all checked.
"""
import re

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def _check(value, schema, where):
    problems = []
    expected = schema.get("type")
    kinds = expected if isinstance(expected, list) else [expected] if expected else []
    if kinds and not any((k == "null" and value is None) or (k in TYPES and isinstance(value, TYPES[k])) for k in kinds):
        return [f"{where}: {value!r} is not of type {expected!r}"]
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']!r}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(f"{where}: {value!r} is less than the minimum of {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(f"{where}: {value!r} is greater than the maximum of {schema['maximum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            problems.append(f"{where}: {value!r} is not greater than {schema['exclusiveMinimum']}")
        if "exclusiveMaximum" in schema and value >= schema["exclusiveMaximum"]:
            problems.append(f"{where}: {value!r} is not less than {schema['exclusiveMaximum']}")
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
                problems += _check(item, properties[key], f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                problems.append(f"{where}: additional property {key!r} is not allowed")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            problems += _check(item, schema["items"], f"{where}[{index}]")
    return problems


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return _check(arguments, schemas[name], "arguments")
