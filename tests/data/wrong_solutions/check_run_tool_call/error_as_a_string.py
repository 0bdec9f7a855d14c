"""MISTAKE: Checks everything, but says "error" in a string: the program cannot tell it from a result.
"""


import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return f"error: no tool named {name!r}"
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return f"error: the arguments are not JSON ({err.msg})"
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return "error: " + "; ".join(problems)
    return handlers[name](**kwargs)

HINT = "a refusal is a dict with an 'error' key"
