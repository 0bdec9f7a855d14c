"""MISTAKE: retries NOT_EXECUTED only when same_arguments is True; for a call that never ran nothing was recorded (same_arguments None), so the normal timeout-before-execution never retries.

The exercise: NOT_EXECUTED -> confirmed nothing happened: retry once, same key.
"""


def decide(situation):
    status, same, retries = situation["status"], situation["same_arguments"], situation["retries"]
    if same is not True:
        return "MANUAL_REVIEW" if status == "SUCCEEDED" and same is False else "AWAIT_RECONCILIATION"
    if status == "SUCCEEDED":
        return "REPLAY_SUCCESS"
    if status == "NOT_EXECUTED" and retries == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
