"""MISTAKE: Checks types by hand with isinstance: True passes as an integer, ranges and enums are never looked at.
"""


TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    schema, problems = schemas[name], []
    properties = schema.get("properties", {})
    for key in schema.get("required", []):
        if key not in action:
            problems.append(f"missing {key}")
    for key, value in action.items():
        if key == "action":
            continue
        if key not in properties:
            problems.append(f"unexpected {key}")
        elif not isinstance(value, TYPES[properties[key]["type"]]):
            problems.append(f"{key} has the wrong type")
    return problems

HINT = 'in Python True is an int'
