"""MISTAKE: parses with parse_float=Decimal "for exact money", so handlers receive Decimal, not float.

jsonschema counts a Decimal as a number, so every check passes, but the handler gets
`Decimal("12.5")` where the model wrote the JSON number 12.5: `amount * 0.127` raises
TypeError inside the handler, and a handler that returns the amount returns a Decimal.
The handler must run with the arguments as JSON gives them.
"""
import json
from decimal import Decimal

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments, parse_float=Decimal)  # no binary rounding on amounts
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
