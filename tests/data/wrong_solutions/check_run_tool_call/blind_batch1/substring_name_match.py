"""MISTAKE: Checks that the name was offered by searching for it in the text of the tools list, so a name that is a substring of an offered name passes the check.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    if name not in json.dumps(tools) or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    schema = next(
        (tool["function"]["parameters"] for tool in tools if name in tool["function"]["name"]),
        {"type": "object"},
    )
    problems = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
