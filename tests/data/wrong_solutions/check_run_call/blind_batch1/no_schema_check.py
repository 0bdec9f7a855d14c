"""MISTAKE: Replaces the schema check with a check that the handler accepts the keys (inspect.signature bind), so wrong types, enums and patterns reach the handler.
"""
import inspect
import json

import jsonschema

from fcourse.prompting.scan import strict_loads


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    """Check one proposed call like any outside input, then run it; the tool message's content."""
    name = tool_call["function"]["name"]
    names = {tool["function"]["name"] for tool in tools}
    if name not in names or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    try:
        inspect.signature(handlers[name]).bind(**arguments)
    except TypeError as error:
        return error_result("INVALID_ARGUMENT", str(error))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
