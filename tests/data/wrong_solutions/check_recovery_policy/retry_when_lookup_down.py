"""MISTAKE: Takes a failed status lookup (status None) for 'nothing happened' and retries.
"""




def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED":
        return "REPLAY_SUCCESS" if situation["same_arguments"] is True else "MANUAL_REVIEW"
    if status in ("NOT_EXECUTED", None) and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"

HINT = 'a failed lookup tells you nothing'
