"""MISTAKE: Compares the sets of tool names: a missing or doubled call of one tool goes unseen.
"""




def judge(expected, got):
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
        if want["arguments"] is None:
            continue
        if not any(c["name"] == want["name"] and c["arguments"] == want["arguments"] for c in got["calls"]):
            return "wrong_arguments"
    return "right_call"

HINT = 'a set of names hides it'
