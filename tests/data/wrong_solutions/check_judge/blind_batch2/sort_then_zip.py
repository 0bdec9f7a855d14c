"""MISTAKE: sorts both call lists by (name, canonical JSON) and zips them; a wildcard expected call sorts as "null" and pairs with the wrong made call.

Canonical JSON makes "keys in another order" and the types right, but pairing by sort
position is not matching: expected [search_web(any), search_web({"query": "x"})] vs made
[search_web({"query": "x"}), search_web({"query": "z"})] pairs any<->x and x<->z and
answers wrong_arguments for a right call.
"""
import json


def key(call):
    return (call["name"], json.dumps(call["arguments"], sort_keys=True))


def judge(expected, got):
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        if got["kind"] != expected["kind"]:
            return "wrong_reply"
        return "right_ask" if got["kind"] == "ask" else "right_answer"
    if got["kind"] != "call":
        return "missed_call"
    want = sorted(expected["calls"], key=key)
    made = sorted(got["calls"], key=key)
    if sorted(c["name"] for c in want) != sorted(c["name"] for c in made):
        return "wrong_tool"
    for w, m in zip(want, made):
        if w["arguments"] is None:
            continue
        if m["arguments"] is None or key(w) != key(m):
            return "wrong_arguments"
    return "right_call"
