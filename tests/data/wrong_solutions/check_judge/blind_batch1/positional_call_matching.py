"""MISTAKE: Matches expected and made calls by position (zip), so parallel calls made in another order are judged wrong.
"""
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def judge(expected, got):
    """The judgement of one reply: right_call / right_ask / right_answer, or the mistake's name."""
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
    for want, made in zip(expected["calls"], got["calls"]):
        if want["name"] != made["name"]:
            return "wrong_tool"
        if want["arguments"] is not None and not same(made["arguments"], want["arguments"]):
            return "wrong_arguments"
    return "right_call"
