"""MISTAKE: an "ask" case whose request already names the order ("Where is the parcel for O-748?"): nothing is missing, the expected reply does not fit the request.

The learner wanted an ask-back about tracking and wrote a request with the id in it out of
habit; the right reply is track_shipment(O-748), not a question back.
"""
my_cases = [
    {"id": "mine-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-740, status: paid.",
     "user": "The toaster stopped working after two days, I'd like my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-740"}}]}},
    {"id": "mine-cancel-zh", "lang": "zh", "category": "single",
     "user": "订单 O-741 我还没付钱，请帮我取消。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-741"}}]}},
    {"id": "mine-parallel", "lang": "en", "category": "parallel",
     "user": "Cancel O-742 and tell me where the parcel for O-743 is.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-742"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-743"}}]}},
    {"id": "mine-ask-track", "lang": "en", "category": "ask", "user": "Where is the parcel for O-748?",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-haiku", "lang": "en", "category": "dont_call", "user": "Write a haiku about a teapot.",
     "expect": {"kind": "answer"}},
]
