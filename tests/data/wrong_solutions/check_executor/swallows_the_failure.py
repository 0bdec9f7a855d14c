"""MISTAKE: Catches the handler's exception and answers SUCCESS with no data: a failed refund reported as done.
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
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict) or validate(arguments, tool["schema"]):
        return error("INVALID_ARGUMENT", "the arguments break the contract")
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        data = tool["handler"](**arguments)
    except Exception:
        data = None
    return {"status": "SUCCESS", "data": data}

HINT = 'expected EXECUTION_ERROR, got SUCCESS'
