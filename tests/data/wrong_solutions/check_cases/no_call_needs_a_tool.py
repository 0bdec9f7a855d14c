"""MISTAKE: A "don't call" case that needs a tool: the user asks to refund an order the shop's tools can refund.

From the issue: check_cases passed it.
"""

my_cases = [
    {"id": "my-refund-1", "lang": "en", "category": "single", "user": "Please refund O-761, it came broken.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-761"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "订单 O-762 还没付款，请取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-762"}}]}},
    {"id": "my-track", "lang": "en", "category": "single", "user": "Where has the parcel of O-763 got to?",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-763"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Can you cancel my order?", "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Refund order O-764 right now.",
     "expect": {"kind": "answer"}},
]

HINT = "a no-call case is a request no tool serves"
