"""MISTAKE: Parses the arguments without a try: broken JSON raises out of mini_execute and would kill the tool loop.
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
    arguments = json.loads(call.get("arguments") or "{}")
    if not isinstance(arguments, dict) or validate(arguments, tool["schema"]):
        return error("INVALID_ARGUMENT", "the arguments break the contract")
    if not tool["available"]:
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed", exception=type(exc).__name__)

HINT = 'mini_execute raised JSONDecodeError'
