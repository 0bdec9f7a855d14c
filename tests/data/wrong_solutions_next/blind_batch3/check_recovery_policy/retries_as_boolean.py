"""MISTAKE: tests `not situation["retries"]`, so retries=None (or a missing count) is read as "not retried yet" and retried.

The learner treats the count as a flag. When nobody knows how many retries were made, the honest
answer is not RETRY_ONCE: "retry once" needs retries == 0, known.
"""


def decide(situation):
    status = situation["status"]
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and not situation.get("retries"):
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
