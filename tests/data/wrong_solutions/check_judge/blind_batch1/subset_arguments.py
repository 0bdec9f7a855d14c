"""MISTAKE: Checks only that the expected argument keys have the expected values, so a made call with an extra argument still passes.
"""
from collections import Counter


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def fits(made, want):
    if want is None:
        return True
    if not isinstance(made, dict):
        return False
    return all(key in made and same(made[key], value) for key, value in want.items())


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
    unmatched = list(got["calls"])
    for want in expected["calls"]:
        match = next((c for c in unmatched if c["name"] == want["name"] and fits(c["arguments"], want["arguments"])), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
