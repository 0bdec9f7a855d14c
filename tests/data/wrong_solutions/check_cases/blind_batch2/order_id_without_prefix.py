"""MISTAKE: the user writes "order 745" but the case expects order_id "O-745": the expected value is not one the user gave, whole.

The learner "helpfully" normalised the id to the shop's O- format; the case now rewards a
model for inventing the prefix (and the runtime's pattern would refuse a bare 745 anyway).
"""
my_cases = [
    {"id": "mine-refund-bare-id", "lang": "en", "category": "single",
     "user": "Please refund order 745, it came damaged.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-745"}}]}},
    {"id": "mine-cancel-zh", "lang": "zh", "category": "single",
     "user": "订单 O-741 我还没付钱，请帮我取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-741"}}]}},
    {"id": "mine-parallel", "lang": "en", "category": "parallel",
     "user": "Cancel O-742 and tell me where the parcel for O-743 is.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-742"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-743"}}]}},
    {"id": "mine-ask", "lang": "en", "category": "ask", "user": "Can you check where my package is right now?",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-haiku", "lang": "en", "category": "dont_call", "user": "Write a haiku about a teapot.",
     "expect": {"kind": "answer"}},
]
