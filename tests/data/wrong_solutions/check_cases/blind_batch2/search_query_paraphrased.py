"""MISTAKE: a search_web case expects an exact query ("kettle descaling guide") the user never wrote; free text must be "arguments": null.

The learner wrote the query they would have typed; the report's own note says a case must not
ask the model to invent a value, and for free text such as a search query write null.
"""
my_cases = [
    {"id": "mine-search", "lang": "en", "category": "single",
     "user": "Look up online how I get the limescale out of my kettle.",
     "expect": {"kind": "call", "calls": [{"name": "search_web", "arguments": {"query": "kettle descaling guide"}}]}},
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
