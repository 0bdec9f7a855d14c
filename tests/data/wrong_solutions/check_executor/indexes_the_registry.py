"""MISTAKE: Looks the tool up with registry[name]: an unknown name raises KeyError instead of answering UNKNOWN_TOOL.
"""


import json

from fcourse.schema import validate


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    tool = registry[call["name"]]
    try:
        arguments = json.loads(call.get("arguments") or "{}")
    except json.JSONDecodeError:
        return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
    if not isinstance(arguments, dict) or validate(arguments, tool["schema"]):
        return error("INVALID_ARGUMENT", "the arguments break the contract")
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", "the tool is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", "the tool failed", exception=type(exc).__name__)

HINT = 'mini_execute raised KeyError'
