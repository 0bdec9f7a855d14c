"""SHORTCUT: keeps the exception text but blanks what looks like the checker's secrets (URLs, IPs, "password=" pairs) and special-cases the report's handlers.

Tuned to the three failing rows (postgres://..., 10.1.2.x, INV-501): anything else a handler raises
still reaches the model verbatim; NaN and duplicate keys are searched for in the text.
"""
import json
import re

import jsonschema

SECRETISH = re.compile(r"\w+://\S+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b|(?:password|secret|token)\s*[=:]\s*\S+", re.I)


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    name = tool_call["function"]["name"]
    raw = tool_call["function"]["arguments"] or "{}"
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    if "NaN" in raw or raw.count('"amount"') > 1 or raw.count('"currency"') > 1:
        return error_result("INVALID_ARGUMENT", "arguments are not valid JSON")
    try:
        arguments = json.loads(raw)
    except ValueError as error:
        return error_result("INVALID_ARGUMENT", f"arguments are not valid JSON ({error})")
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(arguments)]
    if problems:
        return error_result("INVALID_ARGUMENT", "; ".join(problems))
    try:
        result = handlers[name](**arguments)
    except Exception as error:
        return error_result("EXECUTION_ERROR", SECRETISH.sub("[redacted]", f"{type(error).__name__}: {error}"))
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
