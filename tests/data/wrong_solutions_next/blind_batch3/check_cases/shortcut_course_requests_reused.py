"""SHORTCUT: five cases lifted from requests the notebook printed (main set, paraphrases, scenarios), with new ids.

They are known-good cases, so every schema, category and value check passes; nothing new is
tested. The exercise asks for requests of your own ("every request is new").
"""
my_cases = [
    {"id": "mine-1", "lang": "zh", "category": "parallel", "user": "订单 O-100 退款，另外把 O-200 取消。",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-100"}},
                                          {"name": "cancel_order", "arguments": {"order_id": "O-200"}}]}},
    {"id": "mine-2", "lang": "en", "category": "single", "context": "Verified order: O-120, status: paid.",
     "user": "I want a refund for this order.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-120"}}]}},
    {"id": "mine-3", "lang": "en", "category": "single", "user": "Scrap order O-220, I never completed the payment.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-220"}}]}},
    {"id": "mine-4", "lang": "en", "category": "ask", "user": "I want a refund.", "expect": {"kind": "ask"}},
    {"id": "mine-5", "lang": "en", "category": "dont_call", "user": "Write a short birthday wish for my sister Anna.",
     "expect": {"kind": "answer"}},
]
