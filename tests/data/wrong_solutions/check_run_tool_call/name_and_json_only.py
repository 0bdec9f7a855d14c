"""MISTAKE: The starter: checks the name and that the arguments are a JSON object, nothing else.
"""


import json


def run_tool_call(name, arguments, tools, handlers):
    handler = handlers.get(name)
    if handler is None:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": err.msg}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    return handler(**kwargs)

HINT = 'validate the parsed arguments'
