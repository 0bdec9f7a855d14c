"""MISTAKE: the user writes O-7905 but the case expects O-790 (a dropped digit), a value that appears only as part of the user's id.

A typo when writing the expected call. "O-790" is a substring of the request, so a lazy
`value in text` check would accept it, but it is not a value the user gave whole: the model
would be graded wrong for copying the user's real id.
"""
my_cases = [
    {"id": "my-refund-typo", "lang": "en", "category": "single",
     "user": "Order O-7905 came damaged, please refund it.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-790"}}]}},
    {"id": "my-cancel", "lang": "en", "category": "single", "user": "Please cancel O-791, I have not paid yet.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-791"}}]}},
    {"id": "my-parallel-zh", "lang": "zh", "category": "parallel", "user": "订单 O-792 退款，O-793 帮我查一下物流。",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-792"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-793"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Could you tell me where my parcel is?",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Write a short good-morning message for my team.",
     "expect": {"kind": "answer"}},
]
