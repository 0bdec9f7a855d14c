"""MISTAKE: Checks the arguments and the lookup, but retries NOT_EXECUTED however many retries were made already.
"""




def decide(situation):
    if situation["status"] == "SUCCEEDED":
        return "REPLAY_SUCCESS" if situation["same_arguments"] is True else "MANUAL_REVIEW"
    if situation["status"] == "NOT_EXECUTED":
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"

HINT = 'retry once means once'
