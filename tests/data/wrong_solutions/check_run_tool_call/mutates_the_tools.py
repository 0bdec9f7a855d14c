"""MISTAKE: Pops the tool it runs out of the caller's tools list, so the next proposal finds it gone.
"""

import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    for index, tool in enumerate(tools):
        if tool["function"]["name"] == name:
            schema = tools.pop(index)["function"]["parameters"]
            break
    else:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    if name not in handlers:
        return {"error": "unknown_tool", "message": f"no handler for {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": err.msg}
    problems = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(kwargs)]
    if problems:
        return {"error": "invalid_arguments", "message": "; ".join(problems)}
    return handlers[name](**kwargs)


HINT = "do not edit the caller's tools"
