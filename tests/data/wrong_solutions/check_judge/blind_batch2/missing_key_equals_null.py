"""MISTAKE: compares argument objects with .get() over the union of keys, so a missing key equals an explicit null.

{"order_id": "O-100", "note": null} from the model is judged the same as the expected
{"order_id": "O-100"}: an extra argument the user never gave passes as long as it is null
(and an expected null is satisfied by leaving the key out).
"""
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return all(same(a.get(k), b.get(k)) for k in set(a) | set(b))
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
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        match = next((c for c in unmatched if c["name"] == want["name"] and (
            want["arguments"] is None
            or (isinstance(c["arguments"], dict) and same(c["arguments"], want["arguments"])))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
