"""MISTAKE: uses call.get("arguments", "{}") and refuses what does not parse, so arguments null or "" are INVALID_ARGUMENT even for a tool whose schema needs nothing.

The report says null (or missing, or empty) arguments are an empty object, then validate;
a default only applies when the key is absent, not when its value is None or "".
"""
import json

from fcourse.schema import validate


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    try:
        arguments = json.loads(call.get("arguments", "{}"))
    except (TypeError, json.JSONDecodeError):
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(arguments, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract",
                     issues=[f"{i.path}: {i.message}" for i in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off; do not try it again now")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running; it may or may not have taken effect",
                     exception=type(exc).__name__)
