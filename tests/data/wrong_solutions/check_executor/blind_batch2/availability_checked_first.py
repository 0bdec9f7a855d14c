"""MISTAKE: checks availability right after the name, before the arguments; the exercise's order is known -> JSON object the schema accepts -> available -> handler.

A switched-off tool with broken arguments answers TOOL_UNAVAILABLE instead of INVALID_ARGUMENT
(the model is told "try later" for a call that can never work).
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
    if not tool.get("available", True):      # cheapest check first
        return error("TOOL_UNAVAILABLE", f"{name} is switched off; do not try it again now")
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(arguments, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract",
                     issues=[f"{i.path}: {i.message}" for i in issues])
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running; it may or may not have taken effect",
                     exception=type(exc).__name__)
