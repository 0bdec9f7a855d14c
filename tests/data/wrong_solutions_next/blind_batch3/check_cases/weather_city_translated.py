"""MISTAKE: a Chinese weather request expects get_weather(city="Beijing"), a translation the user never wrote.

The user wrote 北京; the case asks the model to answer with the English name. That is a value
neither the user nor the context gave, whole: a model that passes "北京" (what the user said) is
graded wrong, and one that translates is rewarded for changing the user's words.
"""
my_cases = [
    {"id": "my-weather-zh", "lang": "zh", "category": "single",
     "user": "北京今天外面天气怎么样？",
     "expect": {"kind": "call", "calls": [{"name": "get_weather", "arguments": {"city": "Beijing"}}]}},
    {"id": "my-refund-context", "lang": "en", "category": "single",
     "context": "Verified order: O-711, status: paid.",
     "user": "The headphones stopped working after a day, I want my money back.",
     "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-711"}}]}},
    {"id": "my-track", "lang": "en", "category": "single", "user": "Where is the parcel for O-712 right now?",
     "expect": {"kind": "call", "calls": [{"name": "track_shipment", "arguments": {"order_id": "O-712"}}]}},
    {"id": "my-ask-zh", "lang": "zh", "category": "ask", "user": "我想退货退款。",
     "expect": {"kind": "ask"}},
    {"id": "my-dont-math", "lang": "en", "category": "dont_call", "user": "What is 12 times 7?",
     "expect": {"kind": "answer"}},
]
