"""MISTAKE: Compares arguments with Python's ==, so True where 1 was expected is a right call.

From the issue: check_judge passed it.
"""

from collections import Counter


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        return f"right_{got['kind']}" if got["kind"] == expected["kind"] else "wrong_reply"
    if got["kind"] != "call":
        return "missed_call"
    if Counter(c["name"] for c in got["calls"]) != Counter(c["name"] for c in expected["calls"]):
        return "wrong_tool"
    unmatched = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or c["arguments"] == want["arguments"])), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"


HINT = "True is not 1"
