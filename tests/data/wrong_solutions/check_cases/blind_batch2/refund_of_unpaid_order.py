"""MISTAKE: the verified context says the order is unpaid, yet the case expects refund_order; the tools say refunds are only for paid orders (this is cancel_order's job).

The learner copied the notebook's context idea and the "money back" wording but flipped the
status; the case would reward the model for refunding an order that was never charged.
"""
my_cases = [
    {"id": "mine-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-750, status: unpaid.",
     "user": "I don't want this order any more, give me my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-750"}}]}},
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
