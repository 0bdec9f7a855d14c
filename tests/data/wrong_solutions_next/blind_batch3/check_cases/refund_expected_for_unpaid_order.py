"""MISTAKE: the verified context says the order is unpaid, yet the case expects refund_order.

The learner copied the context line from the hint and changed the status to make the case
"harder", then kept the refund. The chapter's rule: refund only a paid order, cancel an unpaid
one - the verified status decides, so the expected reply here is cancel_order (or an ask-back),
never a refund of money that was never taken.
"""
my_cases = [
    {"id": "my-refund-unpaid", "lang": "en", "category": "single",
     "context": "Verified order: O-721, status: unpaid.",
     "user": "I don't want this order any more, give me a refund.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-721"}}]}},
    {"id": "my-cancel-zh", "lang": "zh", "category": "single", "user": "请把订单 O-722 取消，我还没有付款。",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-722"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel",
     "user": "Refund O-723 please, and where is O-724 now?",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-723"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-724"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Can you cancel my order?",
     "expect": {"kind": "ask"}},
    {"id": "my-answer", "lang": "en", "category": "dont_call", "user": "Write a haiku about autumn leaves.",
     "expect": {"kind": "answer"}},
]
