"""MISTAKE: a search case expects the exact query "kyoto ramen shops open late", a rewritten version of what the user typed.

The user wrote "Kyoto ramen shops that are open late"; the learner lower-cased it and dropped
words, as a search box would. That value is not one the user gave, whole, and a free-text query
can be phrased many ways: the text says to write "arguments": null for it.
"""
my_cases = [
    {"id": "my-search", "lang": "en", "category": "single",
     "user": "Search the web for Kyoto ramen shops that are open late.",
     "expect": {"kind": "call", "calls": [{"name": "search_web",
                                           "arguments": {"query": "kyoto ramen shops open late"}}]}},
    {"id": "my-refund-zh", "lang": "zh", "category": "single",
     "context": "Verified order: O-761, status: paid.", "user": "这个订单我要退款，质量太差了。",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-761"}}]}},
    {"id": "my-parallel", "lang": "en", "category": "parallel", "user": "Refund O-762 and cancel O-763.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-762"}},
                                          {"name": "cancel_order", "arguments": {"order_id": "O-763"}}]}},
    {"id": "my-ask", "lang": "en", "category": "ask", "user": "Cancel it for me, please.",
     "expect": {"kind": "ask"}},
    {"id": "my-dont", "lang": "en", "category": "dont_call", "user": "How do you say thank you in Spanish?",
     "expect": {"kind": "answer"}},
]
