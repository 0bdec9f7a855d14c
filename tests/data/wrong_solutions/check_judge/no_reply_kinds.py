"""MISTAKE: Counts every reply without a call as right when no call was wanted: asking where it should answer passes.
"""


from collections import Counter


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        return "right_ask" if got["kind"] == "ask" else "right_answer"
    if got["kind"] != "call":
        return "missed_call"
    if Counter(c["name"] for c in got["calls"]) != Counter(c["name"] for c in expected["calls"]):
        return "wrong_tool"
    left = list(got["calls"])
    for want in expected["calls"]:
        match = next((c for c in left if c["name"] == want["name"]
                      and (want["arguments"] is None or c["arguments"] == want["arguments"])), None)
        if match is None:
            return "wrong_arguments"
        left.remove(match)
    return "right_call"

HINT = "compare got's kind with expected's"
