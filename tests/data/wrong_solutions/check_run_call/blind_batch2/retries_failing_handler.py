"""MISTAKE: retries a failing handler up to 3 times before answering EXECUTION_ERROR, so a tool with side effects may run three times for one call.

The text asks for one run whose failure is a result; a timeout does not mean nothing happened
(chapter 4's refunds), and the model is never told that the call was repeated.
"""
import json

import jsonschema


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    for attempt in range(3):
        try:
            result = handlers[name](**arguments)
            break
        except Exception as error:
            last = type(error).__name__
    else:
        return error_result("EXECUTION_ERROR", f"{name} failed 3 times ({last})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
