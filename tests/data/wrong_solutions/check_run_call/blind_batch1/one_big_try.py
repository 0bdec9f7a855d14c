"""MISTAKE: Puts parsing, validation and the handler in one try/except Exception, so unparseable arguments are reported as EXECUTION_ERROR instead of INVALID_ARGUMENT.
"""
import json

import jsonschema

from fcourse.prompting.scan import strict_loads


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    """Check one proposed call like any outside input, then run it; the tool message's content."""
    name = tool_call["function"]["name"]
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    try:
        arguments = strict_loads(tool_call["function"]["arguments"] or "{}")
        problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
        if problems:
            return error_result("INVALID_ARGUMENT", "; ".join(problems))
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
