"""MISTAKE: the EXECUTION_ERROR result carries the traceback in a "detail" field, so the exception's text (addresses, passwords) goes to the model.

The learner keeps error_result's message short but thinks an extra field is "the log"; the text says
the details stay in your log, never in the tool message.
"""
import traceback
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
        content = json.loads(error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})"))
        content["detail"] = traceback.format_exc(limit=2)
        return json.dumps(content, ensure_ascii=False)
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
