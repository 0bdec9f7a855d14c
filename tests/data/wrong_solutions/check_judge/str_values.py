"""MISTAKE: Compares each value's text: the string '3' passes for the number 3.
"""


from collections import Counter


def _text(arguments):
    return None if arguments is None else {k: str(v) for k, v in arguments.items()}


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
        match = next((c for c in left if c["name"] == want["name"] and (
            want["arguments"] is None
            or (c["arguments"] is not None and _text(c["arguments"]) == _text(want["arguments"])))), None)
        if match is None:
            return "wrong_arguments"
        left.remove(match)
    return "right_call"

HINT = 'compare the values themselves'
