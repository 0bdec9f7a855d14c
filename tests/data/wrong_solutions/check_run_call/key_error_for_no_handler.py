"""MISTAKE: Checks the name against the tools only: an offered tool without a handler raises KeyError.
"""


import json

import jsonschema

from fcourse.prompting.scan import strict_loads


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message})


def run_call(tool_call, tools, handlers):
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", str(error))
    if not isinstance(arguments, dict):
        return error_result("INVALID_ARGUMENT", "arguments must be a JSON object")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    handler = handlers[name]
    try:
        result = handler(**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result)

HINT = 'run_call must never raise'
