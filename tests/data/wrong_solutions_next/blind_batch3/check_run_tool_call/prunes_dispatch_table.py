"""MISTAKE: enforces "offered and has a handler" by deleting un-offered handlers from `handlers` in place.

The checks come out right for this call, but the caller's dispatch table loses entries:
the exercise says the function reads `tools` and `handlers` and changes neither. A later
call with another `tools` list that does offer the deleted tool gets unknown_tool.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    for handler_name in list(handlers):
        if handler_name not in schemas:
            del handlers[handler_name]  # the dispatch table is the allow-list: keep it tight
    if name not in handlers or name not in schemas:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
