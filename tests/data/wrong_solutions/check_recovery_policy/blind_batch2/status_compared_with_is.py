"""MISTAKE: compares the status with `is` instead of ==; the runtime hands a str enum (IdempotencyStatus) or a string built at run time, which is never the same object as the literal.

It passes a quick test with literals typed in the same cell (CPython interns them), then
treats every real SUCCEEDED / NOT_EXECUTED as "anything else".
"""


def decide(situation):
    status, same = situation["status"], situation["same_arguments"]
    if status is "SUCCEEDED" and same is True:  # noqa: F632
        return "REPLAY_SUCCESS"
    if status is "SUCCEEDED" and same is False:  # noqa: F632
        return "MANUAL_REVIEW"
    if status is "NOT_EXECUTED" and situation["retries"] == 0:  # noqa: F632
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
