"""MISTAKE: "Don't refund O-771, just cancel it" is expected to call refund_order (the learner matched the keyword).

The learner wrote the request to test negation, then filled in the tool whose word appears first.
The expected reply must fit the request: the user asked for a cancellation and explicitly not
for a refund, so this case rewards exactly the mistake it was meant to catch.
"""
my_cases = [
    {"id": "my-negation", "lang": "en", "category": "single",
     "user": "Don't refund O-771, just cancel it, I never paid.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-771"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "订单 O-772 还没付款，麻烦取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-772"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel", "user": "Track O-773 and O-774 for me.",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-773"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-774"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "I want my money back.",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Write two lines about the sea.",
     "expect": {"kind": "answer"}},
]
