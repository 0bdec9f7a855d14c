"""MISTAKE: Validates well, but lets any handler in the dispatch table run, offered or not.
"""


import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    if name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": err.msg}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas.get(name, {})).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)

HINT = 'only tools offered in `tools` may run'
