"""MISTAKE: after a retry, any SUCCEEDED is replayed - the same_arguments check lives only in the first-attempt branch.

The learner handled "the retry timed out too, but it went through" with an early branch for
retries > 0 and forgot that a success must still be this call's: a SUCCEEDED under other (or
unknown) arguments after a retry is replayed as this call's result.
"""


def decide(situation):
    status, same, retries = situation["status"], situation["same_arguments"], situation["retries"]
    if retries > 0:                                   # we already retried once: no more retries
        return "REPLAY_SUCCESS" if status == "SUCCEEDED" else "AWAIT_RECONCILIATION"
    if status == "SUCCEEDED":
        if same is True:
            return "REPLAY_SUCCESS"
        return "MANUAL_REVIEW" if same is False else "AWAIT_RECONCILIATION"
    if status == "NOT_EXECUTED":
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
