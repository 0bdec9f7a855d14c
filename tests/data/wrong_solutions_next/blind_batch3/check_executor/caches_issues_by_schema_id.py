"""MISTAKE: caches validation results keyed by (id(schema), raw arguments), so a new schema at a recycled address gets stale answers.

The learner read "a validator cached by tool name goes stale" and keyed by the schema object's id
instead. But id() is only unique among live objects: a fresh registry's schema can reuse a freed
one's address, and the cache then answers for the old schema. The text: keep nothing between calls.
"""
import json

from fcourse.schema import validate

_ISSUES = {}


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    raw = call.get("arguments") or "{}"
    try:
        arguments = json.loads(raw)
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    key = (id(tool["schema"]), raw)
    if key not in _ISSUES:
        _ISSUES[key] = [f"{issue.path}: {issue.message}" for issue in validate(arguments, tool["schema"])]
    if _ISSUES[key]:
        return error("INVALID_ARGUMENT", "the arguments break the contract", issues=_ISSUES[key])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running", exception=type(exc).__name__)
