"""MISTAKE: checks exact keys only at the top level; inside nested objects an extra key the model made up still passes.

The learner fixed "a value the user never gave" with a key comparison in judge(), but the
recursive helper only checks that each expected key is present and equal. The text: arguments
must be the same JSON value at every depth, so {"address": {"city": "Paris", "zip": "75001"}}
is not {"address": {"city": "Paris"}}.
"""
from collections import Counter


def same(want, have):
    if isinstance(want, dict) and isinstance(have, dict):
        return all(k in have and same(v, have[k]) for k, v in want.items())
    if isinstance(want, list) and isinstance(have, list):
        return len(want) == len(have) and all(same(x, y) for x, y in zip(want, have))
    return type(want) is type(have) and want == have


def arguments_match(want, have):
    if not isinstance(have, dict) or have.keys() != want.keys():   # nothing made up, nothing left out
        return False
    return same(want, have)


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
    unmatched = list(got["calls"])
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or arguments_match(want["arguments"], c["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"
