"""MISTAKE: matches calls by removing them from got["calls"] itself and sorts expected["calls"] in place: the caller's dicts are mutated.

Correct verdicts on a single call, but after judge() the reply's call list is empty and
the expected calls are reordered: a harness that prints got_text() or grades the same
reply twice (pass^k, the confusion matrix) sees damaged data.
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
    expected["calls"].sort(key=lambda c: c["arguments"] is None)   # wildcards last
    pool = got["calls"]                                            # no copy
    for want in expected["calls"]:
        match = next((c for c in pool if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        pool.remove(match)
    return "right_call"
