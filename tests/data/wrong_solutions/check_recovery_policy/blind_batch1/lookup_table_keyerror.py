"""MISTAKE: Maps the status through a dict of the three known statuses, so a status nobody has seen (or None) raises KeyError instead of getting an answer.
"""

ACTIONS = {
    "SUCCEEDED": "REPLAY_SUCCESS",
    "NOT_EXECUTED": "RETRY_ONCE",
    "UNKNOWN": "AWAIT_RECONCILIATION",
}


def decide(situation):
    action = ACTIONS[situation["status"]]
    if action == "REPLAY_SUCCESS" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if action == "REPLAY_SUCCESS" and situation["same_arguments"] is None:
        return "AWAIT_RECONCILIATION"
    if action == "RETRY_ONCE" and situation["retries"] > 0:
        return "AWAIT_RECONCILIATION"
    return action
