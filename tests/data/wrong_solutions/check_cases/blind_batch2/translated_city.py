"""MISTAKE: a Chinese weather request names 伦敦 but the case expects city "London": a translated value the user never wrote.

The learner thought "the API wants English city names"; the review's rule is that every
expected value is one the user or the context gave, whole.
"""
my_cases = [
    {"id": "mine-weather-zh", "lang": "zh", "category": "single", "user": "伦敦现在下雨吗？",
     "expect": {"kind": "call", "calls": [{"name": "get_weather", "arguments": {"city": "London"}}]}},
    {"id": "mine-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-740, status: paid.",
     "user": "The toaster stopped working after two days, I'd like my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-740"}}]}},
    {"id": "mine-parallel", "lang": "en", "category": "parallel",
     "user": "Cancel O-742 and tell me where the parcel for O-743 is.",
     "expect": {"kind": "call", "calls": [{"name": "cancel_order", "arguments": {"order_id": "O-742"}},
                                          {"name": "track_shipment", "arguments": {"order_id": "O-743"}}]}},
    {"id": "mine-ask", "lang": "en", "category": "ask", "user": "Can you check where my package is right now?",
     "expect": {"kind": "ask"}},
    {"id": "mine-dont-haiku", "lang": "en", "category": "dont_call", "user": "Write a haiku about a teapot.",
     "expect": {"kind": "answer"}},
]
