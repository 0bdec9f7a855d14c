"""MISTAKE: a helper with a mutable default list (calls=[]) shares one list between cases, so each later "single" case also expects every earlier case's call.

The first case is right; the second expects [refund(O-751), cancel(O-752)] for a request that
names only O-752, the third three calls, and so on: values the user never gave, and "single"
cases with several calls.
"""


def call_case(case_id, user, tool, order_id, lang="en", calls=[]):
    calls.append({"name": tool, "arguments": {"order_id": order_id}})
    return {"id": case_id, "lang": lang, "category": "single", "user": user,
            "expect": {"kind": "call", "calls": calls}}


my_cases = [
    call_case("mine-refund", "The lamp I got is cracked, please refund O-751.", "refund_order", "O-751"),
    call_case("mine-cancel", "I haven't paid O-752 yet, please cancel it.", "cancel_order", "O-752"),
    call_case("mine-track-zh", "订单 O-753 的包裹到哪儿了？", "track_shipment", "O-753", lang="zh"),
    {"id": "mine-ask", "lang": "en", "category": "ask", "user": "Can you check where my package is right now?",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-haiku", "lang": "en", "category": "dont_call", "user": "Write a haiku about a teapot.",
     "expect": {"kind": "answer"}},
]
