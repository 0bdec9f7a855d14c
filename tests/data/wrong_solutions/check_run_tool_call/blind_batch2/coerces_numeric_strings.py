"""MISTAKE: "helpfully" converts numeric strings ("5", "12.5") to numbers before validating, so a string amount reaches the handler.

The schema says `amount` is a number; "5" is a string the model wrote, and the check must refuse
it, not repair it.
"""
import json

import jsonschema


def _coerce(value):
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                return value
    return value


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    kwargs = {key: _coerce(value) for key, value in kwargs.items()}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
