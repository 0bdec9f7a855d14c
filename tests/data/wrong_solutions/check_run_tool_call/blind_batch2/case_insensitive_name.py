"""MISTAKE: tool names are matched case-insensitively, so "GET_WEATHER" or "Get_Weather" runs get_weather.

The learner "normalises" the model's name to be forgiving. The name must be exactly one of the
offered names; a name the program never offered is an unknown tool.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"].lower(): tool["function"]["parameters"] for tool in tools}
    lowered_handlers = {key.lower(): handler for key, handler in handlers.items()}
    key = name.strip().lower()
    if key not in schemas or key not in lowered_handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[key]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return lowered_handlers[key](**kwargs)
