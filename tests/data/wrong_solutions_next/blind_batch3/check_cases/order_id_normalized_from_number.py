"""MISTAKE: the user writes "order #705" and the case expects order_id "O-705", a value the user never gave whole.

The learner knows the tools' pattern is ^O-[0-9]+$ and "helpfully" rewrites the number into it.
A case must expect only values the user or the context gave; this one rewards a model for
inventing the "O-" prefix (the right case is an ask-back, or a request that says "O-705").
"""
my_cases = [
    {"id": "my-refund-hash", "lang": "en", "category": "single",
     "user": "The toaster from order #705 is broken, please refund it.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-705"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single",
     "user": "订单 O-706 我还没付钱，请帮我取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-706"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel",
     "user": "Cancel O-707 and tell me where the parcel of O-708 is.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-707"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-708"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Has my package shipped yet?",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Thanks a lot, you were very helpful!",
     "expect": {"kind": "answer"}},
]
