"""MISTAKE: Compares the kind of reply and the tool names, never the arguments (the notebook's starter).
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
    same = sorted(c["name"] for c in got["calls"]) == sorted(c["name"] for c in expected["calls"])
    return "right_call" if same else "wrong_tool"

HINT = 'compare the arguments too'
