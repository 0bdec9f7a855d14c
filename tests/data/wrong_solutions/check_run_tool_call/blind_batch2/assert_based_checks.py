"""MISTAKE: every check is an `assert` caught as AssertionError, so `python -O` silently removes all three checks.

The text says: "A failed check is not an exception and not an assert (python -O removes every
assert)". Under normal Python this behaves like the solution; under -O every call reaches its handler.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    try:
        assert name in schemas and name in handlers, f"no tool named {name!r}"
    except AssertionError as err:
        return {"error": "unknown_tool", "message": str(err)}
    try:
        kwargs = json.loads(arguments)
        problems = [e.message for e in jsonschema.Draft202012Validator(schemas[name]).iter_errors(kwargs)]
        assert not problems, "; ".join(problems)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    except AssertionError as err:
        return {"error": "invalid_arguments", "message": str(err)}
    return handlers[name](**kwargs)
