"""MISTAKE: normalises the status with .strip().upper() before comparing, so "succeeded" (a status the domain never reports) is acted on as SUCCEEDED.

The report: statuses are compared exactly; an unknown spelling is an unknown status.
"""


def decide(situation):
    status = (situation["status"] or "").strip().upper()
    same = situation["same_arguments"]
    if status == "SUCCEEDED" and same is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and same is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
