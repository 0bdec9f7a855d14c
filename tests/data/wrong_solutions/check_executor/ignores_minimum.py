"""MISTAKE: Checks the required keys and the types by hand and never looks at minimum or maximum, so 0 cents runs.

From the issue: check_executor had no value below a minimum, so this passed.
"""

import json


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    tool = registry[name]
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    schema = tool["schema"]
    properties = schema.get("properties", {})
    types = {"string": str, "integer": int, "number": (int, float)}
    missing = [key for key in schema.get("required", []) if key not in arguments]
    if missing or any(key not in properties for key in arguments):
        return error("INVALID_ARGUMENT", "missing or unknown keys")
    for key, value in arguments.items():
        kind = properties[key].get("type")
        if isinstance(value, bool) or (kind in types and not isinstance(value, types[kind])):
            return error("INVALID_ARGUMENT", f"{key} has the wrong type")
        if "enum" in properties[key] and value not in properties[key]["enum"]:
            return error("INVALID_ARGUMENT", f"{key} is not allowed")
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed", exception=type(exc).__name__)


HINT = "check values on both sides of every bound"
