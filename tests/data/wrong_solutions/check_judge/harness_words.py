"""MISTAKE: Answers 'pass' for every right reply (the harness's word), so right calls, ask-backs and answers look alike.
"""


from collections import Counter


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        return "pass" if got["kind"] == expected["kind"] else "wrong_reply"
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
    return "pass"

HINT = 'is not a judgement'
