"""MISTAKE: uses the chapter-0 error codes ("invalid_arguments", "unknown_tool", "execution_error") instead of the codes this exercise names.

The text: errors are error_result(code, message) with UNKNOWN_TOOL, INVALID_ARGUMENT or EXECUTION_ERROR.
"""
import json

import jsonschema


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("unknown_tool", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("invalid_arguments", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("invalid_arguments", "arguments must be a JSON object")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("invalid_arguments", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("execution_error", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
