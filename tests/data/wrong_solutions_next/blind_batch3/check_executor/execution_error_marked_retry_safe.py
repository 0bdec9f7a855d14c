"""MISTAKE: every error says "retry_safe": True and "please try again", EXECUTION_ERROR included.

The learner gave error() a default so the model "can recover". But after the handler ran, the
outcome is unknown (it may or may not have taken effect): telling the model a retry is safe
invites the double refund chapter 4 is about. Only refusals before the handler are safe to retry.
"""
import json

from fcourse.schema import validate


def error(code, message, retry_safe=True, **data):
    return {"status": "ERROR", "error_code": code, "message": message + " Please try again.",
            "retry_safe": retry_safe, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON.")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object.")
    issues = validate(arguments, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract.",
                     issues=[f"{issue.path}: {issue.message}" for issue in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off.")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running.", exception=type(exc).__name__)
