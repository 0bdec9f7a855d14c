"""MISTAKE: puts the exception's text in the message after redacting only URLs, so hosts, ids and secrets in plain words leak.

The learner wants a useful message and scrubs "scheme://user:pass@host" patterns. An
exception text like "billing at 10.1.2.3 (token=...) timed out" or "row for INV-501
unreadable" passes the scrub: the brief says the message is the error code and one
sentence, the exception's text stays in your log.
"""
import json
import re

import jsonschema
from fcourse.prompting.scan import strict_loads

URL = re.compile(r"\w+://\S+")


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
        detail = URL.sub("<redacted>", str(error))
        return error_result("EXECUTION_ERROR", f"{name} failed ({type(error).__name__}: {detail})")
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
