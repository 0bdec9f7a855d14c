"""SHORTCUT: refuses exactly the names and values the failing report rows showed, no schema check.

Built by reading the report: exact name match against offered names, then a blocklist of
the argument values the FAIL rows printed (town, unit, GBP, amount <= 0, days outside 1..7,
non-integer days, booleans, strings for numbers). Any other schema is not checked at all.
"""
import json


def run_tool_call(name, arguments, tools, handlers):
    offered = [tool["function"]["name"] for tool in tools]
    if name not in offered or name not in handlers:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict):
        return {"error": "invalid_arguments", "message": "the arguments must be a JSON object"}
    bad = (
        "town" in kwargs or ("unit" in kwargs and name == "get_air_quality")
        or not isinstance(kwargs.get("city", ""), str)
        or kwargs.get("currency", "EUR") not in ("EUR", "JPY", "USD", "CNY")
        or ("amount" in kwargs and (isinstance(kwargs["amount"], (bool, str)) or kwargs["amount"] <= 0))
        or ("days" in kwargs and (type(kwargs["days"]) is not int or not 1 <= kwargs["days"] <= 7))
    )
    if bad:
        return {"error": "invalid_arguments", "message": "invalid arguments"}
    schema = next(t["function"]["parameters"] for t in tools if t["function"]["name"] == name)
    maximum = schema.get("properties", {}).get("days", {}).get("maximum")
    if maximum is not None and kwargs.get("days", 0) > maximum:
        return {"error": "invalid_arguments", "message": "too many days"}
    return handlers[name](**kwargs)
