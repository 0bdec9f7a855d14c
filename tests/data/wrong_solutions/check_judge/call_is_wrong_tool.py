"""MISTAKE: Calls a call where none was wanted a wrong tool: the unnecessary calls are never counted.
"""


from collections import Counter


def judge(expected, got):
    if got["kind"] == "call" and expected["kind"] != "call":
        return "wrong_tool"
    if expected["kind"] != "call":
        if got["kind"] != expected["kind"]:
            return "wrong_reply"
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

HINT = 'any call is an unnecessary call'
