"""MISTAKE: Compares the calls position by position: parallel calls in another order look wrong.
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
    if [c["name"] for c in got["calls"]] != [c["name"] for c in expected["calls"]]:
        return "wrong_tool"
    for want, made in zip(expected["calls"], got["calls"]):
        if want["arguments"] is not None and want["arguments"] != made["arguments"]:
            return "wrong_arguments"
    return "right_call"

HINT = 'compare them as a collection'
