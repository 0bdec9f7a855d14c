"""MISTAKE: makes every schema strict with schema.setdefault("additionalProperties", False), mutating `tools` in place.

The learner reads "no extra key" as a rule for all tools and "hardens" each schema before
validating. That writes into the caller's `tools` (the exercise says the function changes
neither `tools` nor `handlers`), and it refuses an extra key that a schema without
`additionalProperties` allows (the schema decides what is extra, not the program).
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {}
    for tool in tools:
        schema = tool["function"]["parameters"]
        schema.setdefault("additionalProperties", False)  # be safe: nothing extra, ever
        schemas[tool["function"]["name"]] = schema
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
