"""MISTAKE: matches expected calls greedily in their given order, so an "any arguments" call can steal the made call an exact one needed.

Expected [search_web(any), search_web({"query": "x"})] and made
[search_web({"query": "x"}), search_web({"query": "y"})] is a right call (any takes "y"),
but here the wildcard takes the first made call and the exact one is left with "y":
the verdict depends on the order of the calls, which the exercise says it must not.
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
    remaining = list(got["calls"])
    for want in expected["calls"]:          # in the order given
        for made in remaining:
            if made["name"] == want["name"] and (want["arguments"] is None
                                                 or same(made["arguments"], want["arguments"])):
                remaining.remove(made)
                break
        else:
            return "wrong_arguments"
    return "right_call"
