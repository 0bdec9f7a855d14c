"""MISTAKE: Checks that the required keys are present, but not their types, ranges or enums.
"""


import json


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": err.msg}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "not an object"}
    missing = [key for key in schemas[name].get("required", []) if key not in kwargs]
    if missing:
        return {"error": "invalid_arguments", "message": f"missing {missing}"}
    return handlers[name](**kwargs)

HINT = 'validate the parsed arguments'
