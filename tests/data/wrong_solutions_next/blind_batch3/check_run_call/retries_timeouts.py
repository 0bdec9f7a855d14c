"""MISTAKE: retries a handler once after TimeoutError or ConnectionError, so it can run twice for one call.

"Transient errors deserve a second try." The brief: the handler runs once per call, a
failure is answered, never retried; a handler that timed out may have done its work (a
refund retried is paid twice).
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
    for attempt in (1, 2):
        try:
            result = handlers[name](**arguments)
            break
        except (TimeoutError, ConnectionError) as error:
            if attempt == 2:
                return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
        except Exception as error:
            return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
