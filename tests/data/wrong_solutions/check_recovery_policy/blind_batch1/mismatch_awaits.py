"""MISTAKE: Answers AWAIT_RECONCILIATION instead of MANUAL_REVIEW when the key holds a SUCCEEDED refund with other arguments.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
