"""MISTAKE: refuses every key the schema does not list, even where the schema allows extra keys.

The learner reads the hint "no extra keys" as a rule of its own and adds an explicit check.
For a schema without `additionalProperties: false` (or with it true) extra keys are allowed:
the schema decides what is extra, and a valid action is refused.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    schema = schemas[name]
    arguments = {key: value for key, value in action.items() if key != "action"}
    problems = [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(arguments)]
    known = schema.get("properties", {})
    problems += [f"unexpected key {key!r}" for key in arguments if key not in known
                 and f"'{key}' was unexpected" not in " ".join(problems)]
    return problems
