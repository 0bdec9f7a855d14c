"""MISTAKE: stores the parsed arguments back into the caller's call dict (call["arguments"] = dict), mutating the input.

The learner "normalizes" once so later code can reuse it, and accepts a dict on entry. But the
call is the model's tool call, kept in the conversation history: its arguments must stay a JSON
string for the next API request, and a second look at the same call (a retry, a log, a checker
re-running it on a fresh registry) no longer sees what the model sent - e.g. "" became {}.
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
    raw = call.get("arguments") or "{}"
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError:
            return error("INVALID_ARGUMENT", "the arguments are not valid JSON")
        call["arguments"] = raw                  # parse once, keep it on the call
    if not isinstance(raw, dict):
        return error("INVALID_ARGUMENT", "the arguments must be a JSON object")
    issues = validate(raw, tool["schema"])
    if issues:
        return error("INVALID_ARGUMENT", "the arguments break the contract",
                     issues=[f"{issue.path}: {issue.message}" for issue in issues])
    if not tool.get("available", True):
        return error("TOOL_UNAVAILABLE", f"{name} is switched off")
    try:
        return {"status": "SUCCESS", "data": tool["handler"](**raw)}
    except Exception as exc:
        return error("EXECUTION_ERROR", f"{name} failed while running", exception=type(exc).__name__)
