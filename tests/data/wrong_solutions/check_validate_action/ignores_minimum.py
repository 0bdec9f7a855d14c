"""MISTAKE: A hand-written check of required keys, types and enums that never looks at minimum or maximum.

From the issue: check_validate_action had no value below a minimum, so this passed.
"""


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    schema = schemas[name]
    arguments = {key: value for key, value in action.items() if key != "action"}
    problems = [f"{key} is required" for key in schema.get("required", []) if key not in arguments]
    types = {"string": str, "integer": int, "number": (int, float), "boolean": bool}
    for key, value in arguments.items():
        spec = schema.get("properties", {}).get(key)
        if spec is None:
            problems.append(f"{key} is not allowed")
        elif isinstance(value, bool) and spec.get("type") != "boolean":
            problems.append(f"{key} must be a {spec.get('type')}")
        elif not isinstance(value, types[spec["type"]]):
            problems.append(f"{key} must be a {spec['type']}")
        elif "enum" in spec and value not in spec["enum"]:
            problems.append(f"{key} must be one of {spec['enum']}")
    return problems


HINT = "check values on both sides of every bound"
