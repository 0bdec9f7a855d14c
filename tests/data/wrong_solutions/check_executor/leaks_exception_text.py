"""MISTAKE: Every check right, but the EXECUTION_ERROR message carries the exception's text to the model.
"""


import json

from fcourse.schema import validate


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    tool = registry[name]
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError as exc:
        return error("INVALID_ARGUMENT", f"the arguments are not valid JSON: {exc}")
    if not isinstance(arguments, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    if validate(arguments, tool["schema"]):
        return error("INVALID_ARGUMENT", "the arguments break the contract")
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed: {type(exc).__name__}: {exc}")

HINT = "the exception's text reached the answer"
