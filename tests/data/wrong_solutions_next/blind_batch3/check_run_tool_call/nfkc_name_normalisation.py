"""MISTAKE: normalises the proposed name with NFKC, so a full-width or ligature spelling runs the tool.

Chinese input methods produce full-width letters, so the learner "helps" the model by
normalising: "ｇｅｔ＿ａｉｒ＿ｑｕａｌｉｔｙ" becomes "get_air_quality" and runs. The name must be
exactly one of the offered names; any rewrite of it is a guess about what the model meant.
"""
import json
import unicodedata

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = unicodedata.normalize("NFKC", name)  # full-width letters from a Chinese IME
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
