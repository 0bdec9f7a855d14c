"""SHORTCUT: Rebinds check_executor in the kernel so that it grades the reference solution, whatever mini_execute is passed.
"""
import json

from fcourse.lab.exercises import executor as _executor_module


def check_executor(execute):
    return _executor_module.check_executor(_executor_module.solution_execute)


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    """Check one proposed call, then run it. Always returns a dict; never raises."""
    name = call.get("name")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}", available_tools=sorted(registry))
    tool = registry[name]
    arguments = json.loads(call.get("arguments") or "{}")
    return {"status": "SUCCESS", "data": tool["handler"](**arguments)}
