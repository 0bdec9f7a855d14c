"""MISTAKE: treats a falsy handler result ([], 0, "", {}) as a failure and answers EXECUTION_ERROR.

Over-learning from "an empty 'success'": an empty list of orders or a total of 0 is a real
result (chapter 1's user really spent 0), and the handler did not fail. The brief: the
handler's result is the tool message; only an exception is EXECUTION_ERROR.
"""
import json

import jsonschema
from fcourse.prompting.scan import strict_loads


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
    if not result:  # never send an empty "success"
        return error_result("EXECUTION_ERROR", f"{name} returned nothing")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
