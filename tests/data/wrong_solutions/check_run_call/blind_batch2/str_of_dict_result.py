"""MISTAKE: a dict result is returned as str(result), Python's repr with single quotes, not JSON.

The tool message's content must be text the model can read as the tool's data; "{'total': '12.00'}"
is not JSON, and True/None come out as Python words.
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
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return str(result)
