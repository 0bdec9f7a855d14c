"""MISTAKE: rejects a JSON array but not other non-objects: "42", "\"text\"" or "null"-like scalars reach handler(**value) and become EXECUTION_ERROR (or SUCCESS) instead of INVALID_ARGUMENT.

With a schema that has no "type": "object", validate lets a scalar through; the exercise says
arguments must be a JSON object, checked by you.
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
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if isinstance(arguments, list):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object, not an array")
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
