"""MISTAKE: a SUCCEEDED under other arguments is read as "this call never ran" and retried; the key is taken, so neither replay nor retry is allowed.
"""


def decide(situation):
    status, same, retries = situation["status"], situation["same_arguments"], situation["retries"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and same is False and retries == 0:
        return "RETRY_ONCE"               # the stored refund is someone else's: ours did not run
    if status == "NOT_EXECUTED" and retries == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
