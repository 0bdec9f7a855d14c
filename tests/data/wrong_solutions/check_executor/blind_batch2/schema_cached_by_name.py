"""MISTAKE: caches each tool's schema by name in a module-level dict, so a registry that reuses a name with a new schema is validated against the stale one.

A shared-state bug: the second registry's "at most 1000 cents" is never seen.
"""
import json

from fcourse.schema import validate

_SCHEMAS = {}


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    schema = _SCHEMAS.setdefault(name, tool["schema"])
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(arguments, schema)
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
