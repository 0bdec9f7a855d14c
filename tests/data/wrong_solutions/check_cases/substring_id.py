"""MISTAKE: Expects order O-73 where the user wrote O-739: the id is only part of what the user wrote.

From the issue: check_cases passed it (a substring test).
"""

my_cases = [
    {"id": "my-refund-1", "lang": "en", "category": "single", "user": "Please refund O-739, it came broken.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-73"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "订单 O-741 还没付款，请取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-741"}}]}},
    {"id": "my-track", "lang": "en", "category": "single", "user": "Where has the parcel of O-742 got to?",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-742"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Can you cancel my order?", "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "What is 17 times 3?",
     "expect": {"kind": "answer"}},
]

HINT = "the id is the user's, whole"
