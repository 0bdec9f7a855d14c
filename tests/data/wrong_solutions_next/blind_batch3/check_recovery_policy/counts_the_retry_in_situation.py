"""MISTAKE: increments situation["retries"] when it decides RETRY_ONCE, mutating the caller's dict.

The learner thinks the decision should "book" the retry. But decide only decides: the runtime
counts retries. Whoever holds the dict now sees retries=1 for a retry that has not happened, and
asking decide twice about the same situation gives two different answers (RETRY_ONCE, then AWAIT).
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        situation["retries"] += 1          # one retry used up
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
