"""MISTAKE: validates the whole object by adding "action" to the tool's schema properties, in place.

The notebook warns that validating the whole object refuses its "action" key; the learner's
fix writes {"action": {"type": "string"}} into tool["function"]["parameters"]["properties"],
mutating the caller's tools (the model is shown an "action" parameter from then on), and it
raises KeyError for a schema without "properties".
"""
import jsonschema


def validate_action(action, tools):
    names = [tool["function"]["name"] for tool in tools]
    name = action.get("action")
    if not isinstance(name, str) or name not in names:
        return [f"unknown action {name!r}"]
    schema = next(t["function"]["parameters"] for t in tools if t["function"]["name"] == name)
    schema["properties"]["action"] = {"type": "string"}
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(action)]
