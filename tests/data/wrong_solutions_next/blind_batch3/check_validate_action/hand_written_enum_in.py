"""MISTAKE: a hand-written check whose enum test is Python's `in`, where True == 1 and 1.0 == 1.

Types are checked only when the property has a "type" (bool excluded from numbers, as the
notes say). A property given as {"enum": [1, 2, 3]} without a type accepts true (True in
[1, 2, 3]); {"enum": [0, 1]} accepts false. JSON Schema says a boolean is never equal to a
number, so these actions must be refused.
"""
TYPES = {"string": str, "integer": (int, float), "number": (int, float), "boolean": bool,
         "object": dict, "array": list, "null": type(None)}


def _check(key, value, rule):
    kind = rule.get("type")
    if kind is not None:
        wrong_bool = isinstance(value, bool) and kind in ("integer", "number")
        wrong_int = kind == "integer" and isinstance(value, float) and not value.is_integer()
        if wrong_bool or wrong_int or not isinstance(value, TYPES[kind]):
            return [f"{value!r} is not of type {kind!r} ({key})"]
    problems = []
    if "enum" in rule and value not in rule["enum"]:
        problems.append(f"{value!r} is not one of {rule['enum']!r}")
    for word, bad in (("minimum", lambda v, b: v < b), ("maximum", lambda v, b: v > b),
                      ("exclusiveMinimum", lambda v, b: v <= b), ("exclusiveMaximum", lambda v, b: v >= b)):
        if word in rule and isinstance(value, (int, float)) and bad(value, rule[word]):
            problems.append(f"{value!r} breaks {word} {rule[word]} ({key})")
    return problems


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    schema = schemas[name]
    properties = schema.get("properties", {})
    arguments = {key: value for key, value in action.items() if key != "action"}
    problems = [f"{key!r} is a required property" for key in schema.get("required", []) if key not in arguments]
    for key, value in arguments.items():
        if key in properties:
            problems += _check(key, value, properties[key])
        elif schema.get("additionalProperties") is False:
            problems.append(f"Additional properties are not allowed ({key!r} was unexpected)")
    return problems
