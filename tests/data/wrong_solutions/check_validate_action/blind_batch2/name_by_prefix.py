"""MISTAKE: accepts an action whose name is an unambiguous prefix of one tool ("convert" for convert_currency), "to be forgiving with truncated names".

Chapter 1's own gallery shows a cut-off action name ("ge"); the name must be exactly one of the
tools, and guessing the rest of it is what the defensive parser refuses.
"""
import jsonschema


def validate_action(action, tools):
    schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
    name = action.get("action")
    if not isinstance(name, str):
        return [f"'action' must be a string, got {name!r}"]
    matches = [tool_name for tool_name in schemas if tool_name.startswith(name)] if name else []
    if name not in schemas and len(matches) != 1:
        return [f"'action' must name one of the tools ({', '.join(schemas)}), got {name!r}"]
    schema = schemas.get(name) or schemas[matches[0]]
    arguments = {key: value for key, value in action.items() if key != "action"}
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(arguments)]
