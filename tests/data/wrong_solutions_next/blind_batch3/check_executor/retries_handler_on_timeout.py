"""MISTAKE: calls the handler a second time when it raises TimeoutError ("a timeout is transient"), so a refund can run twice.

Chapter 4's whole point: after a timeout the outcome is unknown, and a blind retry may refund
twice. The text asks for EXECUTION_ERROR after exactly one run of the handler.
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
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(arguments, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract",
                     issues=[f"{issue.path}: {issue.message}" for issue in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    for attempt in (1, 2):
        try:
            return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
        except TimeoutError:
            if attempt == 2:
                return error("EXECUTION_ERROR", f"{name} timed out twice", exception="TimeoutError")
        except Exception as exc:
            return error("EXECUTION_ERROR", f"{name} failed while running", exception=type(exc).__name__)
