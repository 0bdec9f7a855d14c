"""MISTAKE: An "ask back" case whose user gave the order id: nothing a tool needs is missing.

From the issue: check_cases passed it.
"""

my_cases = [
    {"id": "my-refund-1", "lang": "en", "category": "single", "user": "Please refund O-751, it came broken.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-751"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "订单 O-752 还没付款，请取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-752"}}]}},
    {"id": "my-track", "lang": "en", "category": "single", "user": "Where has the parcel of O-753 got to?",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-753"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Can you cancel order O-754 for me?",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "What is 17 times 3?",
     "expect": {"kind": "answer"}},
]

HINT = "nothing a tool needs is missing"
