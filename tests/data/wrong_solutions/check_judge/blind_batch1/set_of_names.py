"""MISTAKE: Compares the sets of tool names, so a tool called once too often (or once too few) still counts as the right tools.
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
    if {c["name"] for c in got["calls"]} != {c["name"] for c in expected["calls"]}:
        return "wrong_tool"
    for want in expected["calls"]:
        if not any(c["name"] == want["name"] and (want["arguments"] is None or same(c["arguments"], want["arguments"]))
                   for c in got["calls"]):
            return "wrong_arguments"
    return "right_call"
