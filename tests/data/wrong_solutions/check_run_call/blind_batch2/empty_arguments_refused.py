"""MISTAKE: parses tool_call["function"]["arguments"] directly, without `or "{}"`, so a tool without parameters called with empty arguments is refused.

Models may send "" for a call with no arguments; the starter's `or "{}"` was dropped when switching
to strict_loads, so strict_loads("") raises and the valid call gets INVALID_ARGUMENT.
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
        arguments = strict_loads(tool_call["function"]["arguments"])
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
