"""MISTAKE: adds "additionalProperties": False into the caller's tool schema (mutating `tools`) and so refuses keys the schema allows.

The learner reads "nothing extra" as a rule to enforce on every tool and writes it into
`tools[...]["function"]["parameters"]` in place. A schema without additionalProperties: false
accepts extra keys, and the caller's tools list is changed for every later request.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {}
    for tool in tools:
        parameters = tool["function"]["parameters"]
        parameters.setdefault("additionalProperties", False)  # "nothing extra", always
        schemas[tool["function"]["name"]] = parameters
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
