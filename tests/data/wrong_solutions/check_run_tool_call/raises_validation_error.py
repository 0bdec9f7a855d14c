"""MISTAKE: Validates with jsonschema.validate, which raises: the refusal is an exception, not data.
"""


import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        raise KeyError(f"no tool named {name!r}")
    kwargs = json.loads(arguments)
    jsonschema.validate(kwargs, schemas[name])
    return handlers[name](**kwargs)

HINT = 'errors come back as data'
