"""MISTAKE: tests "any arguments will do" by truthiness, so an expected {} (a tool with no parameters) accepts anything.

`if not want["arguments"]` is True for None and for {}: a call to a no-argument tool that arrives
with {"order_id": "O-100"} (a value the user never gave) or with unparseable arguments (None)
is judged right_call. The text: only None means "any arguments"; {} must match exactly.
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
    unmatched = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: not c["arguments"]):
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (not want["arguments"] or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
