"""MISTAKE: removes matched calls from got["calls"] itself, so judging a reply empties the caller's record of it.

`unmatched = got["calls"]` is an alias, not a copy. The verdict is right the first time, but the
harness's `got` dict is mutated: printing got_text() afterwards shows fewer calls, and judging
the same reply again (pass^k, a second judge) sees an empty call list and says wrong_tool.
A judge is a pure function of its two inputs.
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
    unmatched = got["calls"]                     # each made call may be used once
    expected["calls"].sort(key=lambda c: c["arguments"] is None)
    for want in expected["calls"]:
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
