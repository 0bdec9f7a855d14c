"""MISTAKE: Lets the handler find out: a TypeError from a wrong keyword becomes an error, other wrong values run.
"""


import json


def run_tool_call(name, arguments, tools, handlers):
    offered = {tool["function"]["name"] for tool in tools}
    if name not in offered or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
        return handlers[name](**kwargs)
    except (json.JSONDecodeError, TypeError) as err:
        return {"error": "invalid_arguments", "message": str(err)}

HINT = "catching the handler's TypeError is not a check"
