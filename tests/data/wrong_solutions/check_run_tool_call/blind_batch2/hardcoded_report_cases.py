"""SHORTCUT: the starter plus refusals hard-coded from the failing rows the report printed.

It refuses exactly the names, keys and values shown under "got" (convert, delete_all_orders,
town, unit, GBP, days 0/8/2.5, amount <= 0, ...) and otherwise runs whatever it is given.
"""
import json

REFUSED_NAMES = {"convert", "delete_all_orders"}
REFUSED_KEYS = {"town", "unit"}


def _looks_refused(kwargs):
    if REFUSED_KEYS & set(kwargs):
        return True
    if kwargs.get("currency") not in (None, "EUR", "USD", "JPY"):
        return True
    amount = kwargs.get("amount", 1)
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        return True
    days = kwargs.get("days", 1)
    if days in (0, 8, 2.5) or (days == 5 and kwargs.get("city") == "Lhasa"):
        return True
    return "city" in kwargs and not isinstance(kwargs["city"], str)


def run_tool_call(name, arguments, tools, handlers):
    handler = handlers.get(name)
    if handler is None or name in REFUSED_NAMES:
        return {"error": "unknown_tool", "message": f"no tool named {name!r}"}
    try:
        kwargs = json.loads(arguments)
    except json.JSONDecodeError as err:
        return {"error": "invalid_arguments", "message": f"the arguments are not JSON: {err.msg}"}
    if not isinstance(kwargs, dict) or _looks_refused(kwargs):
        return {"error": "invalid_arguments", "message": "the arguments were refused"}
    return handler(**kwargs)
