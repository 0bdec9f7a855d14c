"""MISTAKE: Checks the required keys instead of validating the schema: extra keys and wrong types get through.
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
    missing = [key for key in tool["schema"].get("required", []) if key not in arguments]
    if missing:
        return error("INVALID_ARGUMENT", f"missing: {missing}")
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed", exception=type(exc).__name__)

HINT = 'check the whole schema'
