"""MISTAKE: catches a tuple of "expected" exception types from the handler, so any other one (AttributeError, ZeroDivisionError, OSError...) escapes.

The learner added KeyError after the report and listed the usual suspects. The text: if the
handler raises, whatever it raises, answer EXECUTION_ERROR; nothing raises out of mini_execute.
"""
import json

from fcourse.schema import validate

HANDLER_FAILURES = (ConnectionError, TimeoutError, KeyError, ValueError, RuntimeError, LookupError)


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
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except HANDLER_FAILURES as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running", exception=type(exc).__name__)
