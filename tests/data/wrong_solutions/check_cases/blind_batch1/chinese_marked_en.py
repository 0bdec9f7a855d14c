"""MISTAKE: A case written in Chinese is labelled lang "en" (copied from the English case above it).
"""

my_cases = [
    {
        "id": "mine-refund-ctx",
        "lang": "en",
        "category": "single",
        "context": "Verified order: O-730, status: paid.",
        "user": "The lamp came cracked, I'd like my money back.",
        "expect": {
            "kind": "call",
            "calls": [
                {
                    "name": "refund_order",
                    "arguments": {
                        "order_id": "O-730"
                    }
                }
            ]
        }
    },
    {
        "id": "mine-cancel-zh",
        "lang": "en",
        "category": "single",
        "user": "请帮我取消订单 O-731，我还没付款。",
        "expect": {
            "kind": "call",
            "calls": [
                {
                    "name": "cancel_order",
                    "arguments": {
                        "order_id": "O-731"
                    }
                }
            ]
        }
    },
    {
        "id": "mine-parallel",
        "lang": "en",
        "category": "parallel",
        "user": "Please refund O-732, and where is the parcel for O-733?",
        "expect": {
            "kind": "call",
            "calls": [
                {
                    "name": "refund_order",
                    "arguments": {
                        "order_id": "O-732"
                    }
                },
                {
                    "name": "track_shipment",
                    "arguments": {
                        "order_id": "O-733"
                    }
                }
            ]
        }
    },
    {
        "id": "mine-ask-cancel",
        "lang": "en",
        "category": "ask",
        "user": "I want to cancel my order.",
        "expect": {
            "kind": "ask"
        }
    },
    {
        "id": "mine-dont-thanks",
        "lang": "en",
        "category": "dont_call",
        "user": "Thanks, that's all for today!",
        "expect": {
            "kind": "answer"
        }
    },
    {
        "id": "mine-weather-zh",
        "lang": "zh",
        "category": "single",
        "user": "上海现在天气怎么样？",
        "expect": {
            "kind": "call",
            "calls": [
                {
                    "name": "get_weather",
                    "arguments": {
                        "city": "上海"
                    }
                }
            ]
        }
    }
]
