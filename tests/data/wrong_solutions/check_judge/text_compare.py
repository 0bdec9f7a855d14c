"""MISTAKE: Compares arguments as JSON text: the same object with its keys in another order looks different.
"""


import json


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        if got["kind"] != expected["kind"]:
            return "wrong_reply"
        return "right_ask" if got["kind"] == "ask" else "right_answer"
    if got["kind"] != "call":
        return "missed_call"
    made = sorted(f'{c["name"]}{json.dumps(c["arguments"])}' for c in got["calls"])
    names = sorted(c["name"] for c in got["calls"])
    if names != sorted(c["name"] for c in expected["calls"]):
        return "wrong_tool"
    wanted = sorted(f'{c["name"]}{json.dumps(c["arguments"])}' for c in expected["calls"] if c["arguments"] is not None)
    if any(w not in made for w in wanted):
        return "wrong_arguments"
    return "right_call"

HINT = 'compare the dicts, not their text'
