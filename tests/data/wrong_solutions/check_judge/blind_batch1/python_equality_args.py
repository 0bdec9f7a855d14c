"""MISTAKE: Compares arguments with Python ==, so True matches 1 and 1.0 matches 1 although they are different JSON values.
"""
from collections import Counter


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
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or c["arguments"] == want["arguments"])), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
