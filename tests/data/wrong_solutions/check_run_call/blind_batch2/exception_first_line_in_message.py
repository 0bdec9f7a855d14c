"""MISTAKE: the error message quotes the exception's first line ("only the message, not the traceback"), which is where the password is.

str(error) of `ConnectionError("postgres://billing:secret@10.1.2.3")` is the secret; the text says
the model gets the type name only, its text stays in your log.
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
        first_line = str(error).splitlines()[0][:60] if str(error) else ""
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__}: {first_line})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
