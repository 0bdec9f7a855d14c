"""MISTAKE: no schema check; a handler's TypeError is caught and turned into invalid_arguments instead.

Wrong keys then "work", but an extra key the handler accepts via **kwargs, a wrong type, an enum
or a range violation all reach the handler, and the handler has already run when it raises.
"""
import json


def run_tool_call(name, arguments, tools, handlers):
    offered = {tool["function"]["name"] for tool in tools}
    if name not in offered or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    try:
        return handlers[name](**kwargs)
    except TypeError as err:
        return {"error": "invalid_arguments", "message": str(err)}
