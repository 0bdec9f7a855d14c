"""MISTAKE: NFKC-normalises strings before comparing, so a full-width "Ｏ-１００" counts as the expected "O-100".

The learner wanted Chinese input methods to "not matter", but the report says compare values
exactly as written: the runtime's pattern ^O-[0-9]+$ refuses the full-width id, so the
call is not the expected one.
"""
import unicodedata
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, str) and isinstance(b, str):
        return unicodedata.normalize("NFKC", a) == unicodedata.normalize("NFKC", b)
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
