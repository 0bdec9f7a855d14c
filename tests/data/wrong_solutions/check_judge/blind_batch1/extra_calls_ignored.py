"""MISTAKE: Checks only that every expected call was made, so an extra call beside the right ones is still right_call.
"""


def same(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


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
    unmatched = list(got["calls"])
    for want in expected["calls"]:
        if not any(c["name"] == want["name"] for c in unmatched):
            return "wrong_tool"
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
