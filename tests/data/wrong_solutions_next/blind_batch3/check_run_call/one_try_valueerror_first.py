"""MISTAKE: parsing and the handler share one try with `except ValueError` first, so a handler's ValueError becomes INVALID_ARGUMENT.

Tidy-looking: one try, two excepts. But a ValueError raised inside the handler (a row it
cannot read) is reported as the model's bad arguments, inviting it to retry with other
arguments; it must be EXECUTION_ERROR. It also echoes the handler's text in the message.
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
        if not isinstance(arguments, dict):
            raise ValueError("arguments must be a JSON object")
        problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
        if problems:
            raise ValueError("; ".join(problems))
        result = handlers[name](**arguments)
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", str(error))
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
