"""SHORTCUT: keeps plain json.loads and blocks the report's failing rows by matching their text.

"NaN" in the arguments, a key repeated (by counting '"amount"' and '"currency"'), and the
exception texts' keywords (postgres, password, 10.1.) decide; the handler's exception text is
otherwise passed through.
"""
import json

import jsonschema


def error_result(code, message):
    return json.dumps({"status": "ERROR", "error_code": code, "message": message}, ensure_ascii=False)


def run_call(tool_call, tools, handlers):
    name = tool_call["function"]["name"]
    raw = tool_call["function"]["arguments"] or "{}"
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return error_result("UNKNOWN_TOOL", f"there is no tool named {name!r}")
    if "NaN" in raw or any(raw.count(f'"{key}"') > 1 for key in ("amount", "currency", "city", "invoice_id")):
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
        text = str(error)
        if any(word in text for word in ("postgres", "password", "10.1.", "INV-")):
            text = type(error).__name__
        return error_result("EXECUTION_ERROR", text)
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
