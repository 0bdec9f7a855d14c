"""MISTAKE: allows a retry while retries <= 1, so NOT_EXECUTED after one retry is retried again; "retry once" means only when retries == 0.
"""


def decide(situation):
    status, same, retries = situation["status"], situation["same_arguments"], situation["retries"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and same is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and retries <= 1:     # "one retry allowed"
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
