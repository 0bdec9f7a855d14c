"""MISTAKE: Checks that every expected call appears among the calls made: one made call counts for two expected ones.
"""


from collections import Counter


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
    for made in got["calls"]:
        if not any(w["name"] == made["name"] and (w["arguments"] is None or w["arguments"] == made["arguments"])
                   for w in expected["calls"]):
            return "wrong_arguments"
    return "right_call"

HINT = 'one made call cannot count for two'
