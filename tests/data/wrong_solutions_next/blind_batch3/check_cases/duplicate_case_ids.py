"""MISTAKE: two cases share the id "my-refund-1" (the first case was copied and edited, its id was not).

The requests are all different, but a case file keyed by id now has two entries under one id:
`cases["my-refund-1"]` finds only one, the harness's per-case table shows two rows with the same
name, and a failure cannot be traced back to its case.
"""
my_cases = [
    {"id": "my-refund-1", "lang": "en", "category": "single",
     "context": "Verified order: O-751, status: paid.",
     "user": "The lamp arrived cracked, I want my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-751"}}]}},
    {"id": "my-refund-1", "lang": "zh", "category": "single",
     "user": "订单 O-752 的衣服太小了，请给我退款。",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-752"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel",
     "user": "Cancel O-753 and where is the parcel for O-754?",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-753"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-754"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Where's my delivery?",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "Say hello to my grandmother in a nice way.",
     "expect": {"kind": "answer"}},
]
