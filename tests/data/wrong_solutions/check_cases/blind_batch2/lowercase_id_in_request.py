"""MISTAKE: the request types "o-746" in small letters while the case expects "O-746": the value is not the one the user wrote.

Real users type casually, so the learner wrote the request that way, but kept the canonical
id in the expectation; a judge that compares exactly (as chapter 3's does) must then reward
a model for changing the user's value.
"""
my_cases = [
    {"id": "mine-cancel-lower", "lang": "en", "category": "single",
     "user": "cancel o-746 pls, i haven't paid for it",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-746"}}]}},
    {"id": "mine-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-740, status: paid.",
     "user": "The toaster stopped working after two days, I'd like my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-740"}}]}},
    {"id": "mine-track-zh", "lang": "zh", "category": "single", "user": "订单 O-749 的包裹现在到哪儿了？",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-749"}}]}},
    {"id": "mine-ask-zh", "lang": "zh", "category": "ask", "user": "我想退款。",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-haiku", "lang": "en", "category": "dont_call", "user": "Write a haiku about a teapot.",
     "expect": {"kind": "answer"}},
]
