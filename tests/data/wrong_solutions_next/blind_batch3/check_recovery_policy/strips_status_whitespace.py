"""MISTAKE: strips whitespace from the status before comparing, so " SUCCEEDED\n" is replayed as a success.

The learner kept statuses case-sensitive (the report's small-letters case) but strips them "to be
safe". The report's rule: statuses are compared exactly; a status the domain does not report is
one you do not know, and you do not act on it.
"""


def decide(situation):
    status = situation["status"]
    if isinstance(status, str):
        status = status.strip()
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
