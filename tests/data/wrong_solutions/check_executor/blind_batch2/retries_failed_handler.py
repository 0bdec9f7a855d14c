"""MISTAKE: retries a failing handler once before answering EXECUTION_ERROR, so a refund that failed may run twice.

The learner meant to be resilient; the exercise says EXECUTION_ERROR after exactly one run
(chapter 4's whole point: a failed refund may have taken effect, never blindly retry).
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
                     issues=[f"{i.path}: {i.message}" for i in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off; do not try it again now")
    last = None
    for _attempt in range(2):           # one retry for flaky services
        try:
            return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
        except Exception as exc:
            last = exc
    return error("EXECUTION_ERROR", f"{name} failed twice; it may or may not have taken effect",
                 exception=type(last).__name__)
