"""MISTAKE: Treats expected arguments None as a value to match: 'any arguments' never passes.
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
    left = list(got["calls"])
    for want in expected["calls"]:
        match = next((c for c in left if c == want), None)
        if match is None:
            return "wrong_arguments"
        left.remove(match)
    return "right_call"

HINT = 'only the tool is checked'
