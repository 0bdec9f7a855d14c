"""MISTAKE: Caches a compiled validator per tool name, so the same name offered later with another schema is checked
against the old one.
"""

import json

import jsonschema

_VALIDATORS = {}


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": err.msg}
    if name not in _VALIDATORS:
        _VALIDATORS[name] = jsonschema.Draft202012Validator(schemas[name])
    problems = [e.message for e in _VALIDATORS[name].iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)


HINT = "a validator cached by tool name goes stale"
