"""MISTAKE: validates each given argument against its own property schema, so a missing required key is never reported.

It catches types, enums, bounds and extra keys, but "required" lives on the object's schema, which
is never checked as a whole.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"'action' must name one of the tools, got {name!r}"]
    properties = schemas[name].get("properties", {})
    problems = []
    for key, value in action.items():
        if key == "action":
            continue
        if key not in properties:
            problems.append(f"{key!r} is not a parameter of {name}")
            continue
        validator = jsonschema.Draft202012Validator(properties[key])
        problems += [f"{key}: {error.message}" for error in validator.iter_errors(value)]
    return problems
