"""MISTAKE: caches the name->schema table by id(tools), so a new or changed tools list can reuse a stale one.

The learner avoids rebuilding the table on every call. But a list changed in place keeps its
id, and a freed list's id is reused by the next one Python allocates, so a call can be
validated against a schema that is no longer the one offered (or a tool no longer offered
still runs). The exercise keeps nothing between calls.
"""
import json

import jsonschema

_TABLES = {}


def run_tool_call(name, arguments, tools, handlers):
    key = id(tools)
    if key not in _TABLES:
        _TABLES[key] = {
            tool["function"]["name"]: jsonschema.Draft202012Validator(tool["function"]["parameters"])
            for tool in tools
        }
    validators = _TABLES[key]
    if name not in validators or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    problems = [e.message for e in validators[name].iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)
