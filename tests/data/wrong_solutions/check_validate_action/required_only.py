"""MISTAKE: Checks the name and that the required keys are there; types, enums and ranges are trusted.
"""




def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str) or name not in schemas:
        return [f"unknown action {name!r}"]
    return [f"missing {key}" for key in schemas[name].get("required", []) if key not in action]

HINT = 'validate the arguments'
