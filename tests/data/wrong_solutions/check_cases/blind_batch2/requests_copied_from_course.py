"""MISTAKE: two requests are copied from the chapter's own case set ("I want a refund.", the birthday wish for Anna): they are not new.

The learner took "good examples" from the notebook's tables; cases of your own are meant to
measure what the 50 cases did not, so a request the set already holds adds nothing.
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
    {"id": "mine-ask", "lang": "en", "category": "ask", "user": "I want a refund.",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-wish", "lang": "en", "category": "dont_call",
     "user": "Write a short birthday wish for my sister Anna.", "expect": {"kind": "answer"}},
]
