"""MISTAKE: returns json.dumps(result) for non-string results, so the caller gets text, not the handler's result.

The learner anticipates step 3 (a tool message's content must be a string) and serialises
inside run_tool_call. The docstring says it returns the handler's result: a dict result
comes back as a str, and step 3 then double-encodes it.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name not in schemas or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    result = handlers[name](**kwargs)
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)
