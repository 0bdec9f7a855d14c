"""MISTAKE: a TypeError from the handler is answered INVALID_ARGUMENT ("the call did not fit the function"), though the handler ran.

The learner reasons that handler(**arguments) raising TypeError means a bad keyword. But the
schema was already checked; a TypeError raised inside the handler after it did work is an
execution failure: EXECUTION_ERROR, and the model must not be told it may simply fix and resend.
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
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except TypeError:
        return error("INVALID_ARGUMENT", f"the arguments do not fit {name}")
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running", exception=type(exc).__name__)
