"""MISTAKE: Treats UNKNOWN as probably done and tells the user so.
"""




def decide(situation):
    if situation["status"] == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    if situation["status"] == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    return "REPLAY_SUCCESS"

HINT = 'claimed success while UNKNOWN'
