"""MISTAKE: expects an ask-back although the verified context already names the order.

"Refund my order." has no order id in the user's words, so the learner filed it as an ask. But
the case carries "Verified order: O-731, status: paid." - the id comes from the context (chapter 3's
en-context-1 expects the call there). This case punishes the model for using what the runtime verified.
"""
my_cases = [
    {"id": "my-ask-context", "lang": "en", "category": "ask",
     "context": "Verified order: O-731, status: paid.",
     "user": "Refund my order, the item never arrived.",
     "expect": {"kind": "ask"}},
    {"id": "my-cancel", "lang": "en", "category": "single", "user": "Please call off order O-732, I haven't paid.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-732"}}]}},
    {"id": "my-track-zh", "lang": "zh", "category": "single", "user": "订单 O-733 的包裹到哪里了？",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-733"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel", "user": "Refund O-734 and cancel O-735.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-734"}},
                                          {"name": "cancel_order", "arguments": {"order_id": "O-735"}}]}},
    {"id": "my-dont", "lang": "zh", "category": "dont_call", "user": "给我讲个关于猫的笑话吧。",
     "expect": {"kind": "answer"}},
]
