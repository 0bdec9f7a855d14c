"""MISTAKE: a request that mixes English and Chinese ("refund 订单 O-747") is labelled lang "en"; the set has a "mixed" language for it.

Every other field is right; only the language tag is the learner's guess from the first word.
"""
my_cases = [
    {"id": "mine-refund-mixed", "lang": "en", "category": "single",
     "user": "Please refund 订单 O-747, the box was empty.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-747"}}]}},
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
