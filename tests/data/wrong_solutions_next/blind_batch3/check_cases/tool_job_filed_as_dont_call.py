"""MISTAKE: "Where is my parcel O-781?" is filed as dont_call with a plain answer expected, though track_shipment exists for it.

The learner wanted a "don't call" case and picked a question that sounds like small talk. A shop
with track_shipment must call it here: the expected reply does not fit the request, and the case
would count a correct call as an unnecessary one.
"""
my_cases = [
    {"id": "my-dont-parcel", "lang": "en", "category": "dont_call",
     "user": "Just curious, where is my parcel O-781 at the moment?",
     "expect": {"kind": "answer"}},
    {"id": "my-refund", "lang": "en", "category": "single", "user": "Refund O-782, the screen is cracked.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-782"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "取消订单 O-783，我不要了，还没付款。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-783"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel", "user": "Cancel O-784 and refund O-785.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-784"}},
                                          {"name": "refund_order", "arguments": {"order_id": "O-785"}}]}},
    {"id": "my-ask", "lang": "zh", "category": "ask", "user": "帮我查一下快递。",
     "expect": {"kind": "ask"}},
]
