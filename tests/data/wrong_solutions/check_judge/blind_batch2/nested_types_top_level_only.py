"""MISTAKE: checks value types only for top-level arguments; nested True vs 1 or "3" vs 3 inside lists/objects still pass via ==.

The learner read "types included" and added `type(a[k]) is type(b[k])` per argument,
then compared the value with ==, so {"ids": [1, 2]} and {"ids": [True, 2]} (or
{"filter": {"qty": "3"}} and {"filter": {"qty": 3}}) count as the same arguments.
"""
from collections import Counter


def same_arguments(want, made):
    if not isinstance(want, dict) or not isinstance(made, dict) or want.keys() != made.keys():
        return False
    return all(type(want[k]) is type(made[k]) and want[k] == made[k] for k in want)


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
    left = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        hit = next((c for c in left if c["name"] == want["name"]
                    and (want["arguments"] is None or same_arguments(want["arguments"], c["arguments"]))), None)
        if hit is None:
            return "wrong_arguments"
        left.remove(hit)
    return "right_call"
