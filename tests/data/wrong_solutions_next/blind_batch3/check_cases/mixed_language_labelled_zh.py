"""MISTAKE: a request that mixes Chinese and English words ("帮我 refund ...") is labelled lang "zh".

The main set has a "mixed" language for exactly these code-switched requests; the learner saw
Chinese characters and wrote "zh". Each case's lang must be the request's language, or the
by-language figures the harness reports are wrong.
"""
my_cases = [
    {"id": "my-mixed-refund", "lang": "zh", "category": "single",
     "user": "帮我 refund 一下 order O-741，东西坏了 please。",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-741"}}]}},
    {"id": "my-cancel", "lang": "en", "category": "single", "user": "Cancel order O-742, I changed my mind before paying.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-742"}}]}},
    {"id": "my-track-zh", "lang": "zh", "category": "single", "user": "O-743 这个订单的快递到哪了？",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-743"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "I'd like to track my parcel.",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Translate 'good morning' into French.",
     "expect": {"kind": "answer"}},
]
