"""MISTAKE: Matches the expected calls in their listed order, so an "any arguments" call listed first takes the made
call an exact expected call needed: the verdict depends on the order of the calls (the chapter's first revealed
judge did this, and so did fcourse.evaluation.grading.verdict).
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
    for want in expected["calls"]:
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"


HINT = "match the calls with given arguments first"
