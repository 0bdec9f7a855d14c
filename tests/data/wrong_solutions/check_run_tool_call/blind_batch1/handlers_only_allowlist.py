"""MISTAKE: Uses the dispatch table alone as the allow-list, so a handler that was never offered in `tools` still runs.

The schema is looked up among the offered tools when there is one; a handler without an offered
tool is run with its arguments unchecked.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    handler = handlers.get(name)
    if handler is None:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    if name in schemas:
        problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
        if problems:
            return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handler(**kwargs)
