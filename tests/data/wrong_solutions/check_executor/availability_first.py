"""MISTAKE: Checks availability before the arguments: a switched-off tool hides broken arguments.
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
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict) or validate(arguments, tool["schema"]):
        return error("INVALID_ARGUMENT", "the arguments break the contract")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed", exception=type(exc).__name__)

HINT = 'before availability'
