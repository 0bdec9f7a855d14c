"""MISTAKE: walks the expected calls in order and returns the first problem found, so a wrong argument early hides a wrong tool later.

Expected [refund_order(O-1), cancel_order(O-2)], made [refund_order(O-9), track_shipment(O-2)]:
a tool is missing/extra, which is wrong_tool, but this judge answers wrong_arguments because
the refund came first. (It checks the counts only, not the multiset of names.)
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
    if len(got["calls"]) != len(expected["calls"]):
        return "wrong_tool"
    free = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        candidates = [c for c in free if c["name"] == want["name"]]
        if not candidates:
            return "wrong_tool"
        match = next((c for c in candidates
                      if want["arguments"] is None or same(c["arguments"], want["arguments"])), None)
        if match is None:
            return "wrong_arguments"
        free.remove(match)
    return "right_call"
