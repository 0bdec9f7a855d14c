"""MISTAKE: Checks that the tool exists, and trusts the arguments.
"""




def validate_action(action, tools):
    names = [tool["function"]["name"] for tool in tools]
    name = action.get("action")
    if not isinstance(name, str) or name not in names:
        return [f"unknown action {name!r}"]
    return []

HINT = 'validate the arguments'
