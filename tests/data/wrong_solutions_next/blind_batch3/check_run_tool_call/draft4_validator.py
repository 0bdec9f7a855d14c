"""MISTAKE: validates with jsonschema.Draft4Validator, where a numeric exclusiveMinimum is ignored.

Copied from an older tutorial. In draft 4, `exclusiveMinimum` is a boolean modifier of
`minimum`; a schema written for 2020-12 with `"exclusiveMinimum": 0` (and no `minimum`) is not
enforced, so an amount of exactly 0 (or a negative one, if only exclusiveMinimum is given)
reaches the handler. The schema the model was shown is not the schema that is checked.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    validator = jsonschema.Draft4Validator(schemas[name])
    problems = [error.message for error in validator.iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
