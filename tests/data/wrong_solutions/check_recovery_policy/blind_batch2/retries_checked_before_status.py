"""MISTAKE: any situation after a retry is handed on before the status is read, so a retry that timed out but went through (SUCCEEDED, same arguments) is not replayed.

"A success is a success, on the first try or the retry."
"""


def decide(situation):
    if situation["retries"] > 0:
        return "AWAIT_RECONCILIATION"    # we already retried: stop here
    status, same = situation["status"], situation["same_arguments"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and same is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED":
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
