"""MISTAKE: my_cases is a generator expression, not a list: the first pass (the review) consumes it and every later use sees no cases.

The notebook's next cell calls check_cases(my_cases) again and then writes case_file(my_cases);
by then the generator is empty, so the "reviewed" cases never reach the harness.
"""
ROWS = [
    ("mine-refund", "en", "single", "The lamp I got is cracked, please refund O-751.", "refund_order", "O-751"),
    ("mine-cancel-zh", "zh", "single", "订单 O-741 我还没付钱，请帮我取消。", "cancel_order", "O-741"),
    ("mine-track", "en", "single", "Has the parcel for O-754 left the warehouse yet?", "track_shipment", "O-754"),
    ("mine-ask", "en", "ask", "Can you check where my package is right now?", None, None),
    ("mine-dont-haiku", "en", "dont_call", "Write a haiku about a teapot.", None, None),
]

my_cases = (
    {"id": case_id, "lang": lang, "category": category, "user": user,
     "expect": ({"kind": "call", "calls": [{"name": tool, "arguments": {"order_id": order_id}}]} if tool
                else {"kind": "ask" if category == "ask" else "answer"})}
    for case_id, lang, category, user, tool, order_id in ROWS
)
