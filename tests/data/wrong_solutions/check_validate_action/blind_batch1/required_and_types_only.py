"""MISTAKE: Checks the name, the required keys, unknown keys and the JSON types, but never looks at enum, minimum/maximum or pattern, so a month of 13 passes.
"""
TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def _is(value, kind):
    if kind == "null":
        return value is None
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, TYPES.get(kind, object))


def validate_action(action, tools):
    """The problems with an extracted action, in words; [] when it may run."""
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    schema = schemas[name]
    properties = schema.get("properties", {})
    arguments = {key: value for key, value in action.items() if key != "action"}
    problems = [f"{key!r} is a required property" for key in schema.get("required", []) if key not in arguments]
    for key, value in arguments.items():
        if key not in properties:
            if schema.get("additionalProperties") is False:
                problems.append(f"additional property {key!r} is not allowed")
            continue
        kind = properties[key].get("type")
        kinds = kind if isinstance(kind, list) else [kind] if kind else []
        if kinds and not any(_is(value, k) for k in kinds):
            problems.append(f"{key}: {value!r} is not of type {kind!r}")
    return problems
