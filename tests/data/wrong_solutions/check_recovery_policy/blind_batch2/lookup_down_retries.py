"""MISTAKE: a failed status lookup (status None) is treated like "nothing recorded" and retried once; a failed lookup tells you nothing.
"""


def decide(situation):
    status, same, retries = situation["status"], situation["same_arguments"], situation["retries"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and same is False:
        return "MANUAL_REVIEW"
    if status in ("NOT_EXECUTED", None) and retries == 0:   # no record found -> not executed
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
