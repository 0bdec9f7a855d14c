"""MISTAKE: a made call whose arguments did not parse (None) is wrong_arguments even when the expected arguments are None ("any arguments will do").

The learner generalised the report's note "arguments None ... is never the expected
arguments" to the wildcard case. The exercise says an expected None accepts any arguments;
the model did make the right call (a free-text search), only its text was not an object.
"""
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        if got["kind"] != expected["kind"]:
            return "wrong_reply"
        return "right_ask" if got["kind"] == "ask" else "right_answer"
    if got["kind"] != "call":
        return "missed_call"
    if Counter(c["name"] for c in got["calls"]) != Counter(c["name"] for c in expected["calls"]):
        return "wrong_tool"
    if any(c["arguments"] is None for c in got["calls"]):
        return "wrong_arguments"        # "not JSON is never right"
    unmatched = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
