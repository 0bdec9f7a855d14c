"""MISTAKE: guards with `type(status) is not str`, so a status given as the package's str-enum (IdempotencyStatus) is treated as unknown.

The learner wanted None and garbage to mean "wait". But decide_recovery's own signature accepts
an IdempotencyStatus (a str enum: "SUCCEEDED" == IdempotencyStatus.SUCCEEDED); an exact type test
rejects it, so a real SUCCEEDED is never replayed and a NOT_EXECUTED never retried.
"""


def decide(situation):
    status = situation["status"]
    if type(status) is not str:
        return "AWAIT_RECONCILIATION"
    if status == "SUCCEEDED" and situation["same_arguments"] is True:
        return "REPLAY_SUCCESS"
    if status == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    if status == "NOT_EXECUTED" and situation["retries"] == 0:
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
