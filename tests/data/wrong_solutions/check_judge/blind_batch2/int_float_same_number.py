"""MISTAKE: treats an int and a float with the same value as equal (1 == 1.0), excluding only bools.

The learner reasoned "JSON has a single number type" and kept the bool special case the
report demanded, but the exercise says compare the values themselves, types included:
an expected 60000 and a made 60000.0 (or 1 and 1.0) are different arguments.
"""
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b  # "a number is a number in JSON"
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
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
