"""MISTAKE: `status in ("SUCCEEDED")` and `status in ("NOT_EXECUTED")` are substring tests on a str (no trailing comma), so "SUCCEED", "EXECUTED" or "" match.

A learner who meant one-element tuples (ready to add "COMPLETED" later) wrote parentheses only.
Any status that is a piece of those words - including the empty string - is acted on, though the
text says an unknown status means wait or hand it to a person.
"""

DONE = ("SUCCEEDED")
NOT_DONE = ("NOT_EXECUTED")


def decide(situation):
    status = situation["status"]
    if status is None:
        return "AWAIT_RECONCILIATION"
    if status in DONE:
        if situation["same_arguments"] is True:
            return "REPLAY_SUCCESS"
        if situation["same_arguments"] is False:
            return "MANUAL_REVIEW"
        return "AWAIT_RECONCILIATION"
    if status in NOT_DONE and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
