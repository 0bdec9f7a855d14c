"""MISTAKE: validators are cached in a module-level dict by tool name, so a tool re-offered with another schema is checked against the old one.

"Compiling the schema once" looks like a harmless speed-up, but the check must use the
`parameters` in the `tools` given to this call.
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
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if name not in _VALIDATORS:
        _VALIDATORS[name] = jsonschema.Draft202012Validator(schemas[name])
    problems = [e.message for e in _VALIDATORS[name].iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
