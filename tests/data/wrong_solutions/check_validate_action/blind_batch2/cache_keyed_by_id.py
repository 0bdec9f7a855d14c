"""MISTAKE: caches the name-to-validator table keyed by id(tools), so a new tools list that reuses a freed list's id is validated with the old schemas.

CPython reuses the id of a list that was garbage-collected; the checker's (or any caller's) next
tools list can get the same id with different schemas, and the stale validators answer.
"""
import jsonschema

_VALIDATORS_BY_TOOLS = {}


def validate_action(action, tools):
    key = id(tools)
    if key not in _VALIDATORS_BY_TOOLS:
        _VALIDATORS_BY_TOOLS[key] = {
            tool["function"]["name"]: jsonschema.Draft202012Validator(tool["function"]["parameters"])
            for tool in tools
        }
    validators = _VALIDATORS_BY_TOOLS[key]
    name = action.get("action")
    if not isinstance(name, str) or name not in validators:
        return [f"'action' must name one of the tools ({', '.join(validators)}), got {name!r}"]
    arguments = {k: v for k, v in action.items() if k != "action"}
    return [error.message for error in validators[name].iter_errors(arguments)]
