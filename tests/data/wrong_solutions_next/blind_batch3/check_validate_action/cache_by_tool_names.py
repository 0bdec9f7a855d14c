"""MISTAKE: caches the validators keyed by the tuple of tool names, so a changed schema under the same names goes stale.

The learner caches validators keyed by the tuple of tool names ("same names, same tools"),
so a tools list whose schemas changed but whose names did not (the same tool, now at most
month 6) is validated against the old schema. The brief: nothing is kept between calls.
"""
import jsonschema

_VALIDATORS = {}


def validate_action(action, tools):
    key = tuple(tool["function"]["name"] for tool in tools)
    if key not in _VALIDATORS:
        _VALIDATORS[key] = {t["function"]["name"]: jsonschema.Draft202012Validator(t["function"]["parameters"])
                            for t in tools}
    validators = _VALIDATORS[key]
    name = action.get("action")
    if not isinstance(name, str) or name not in validators:
        return [f"unknown action {name!r}"]
    arguments = {k: v for k, v in action.items() if k != "action"}
    return [error.message for error in validators[name].iter_errors(arguments)]
