"""MISTAKE: a SUCCEEDED recorded under other arguments goes to AWAIT_RECONCILIATION; the exercise says a person must look (MANUAL_REVIEW), reconciliation cannot settle it.
"""


def decide(situation):
    status, same = situation["status"], situation["same_arguments"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    if status is None or status == "UNKNOWN":
        return "MANUAL_REVIEW"            # nobody knows: a person
    return "AWAIT_RECONCILIATION"         # everything else waits, mismatch included
