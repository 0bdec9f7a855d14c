"""MISTAKE: compares statuses with `is` (identity) instead of ==, which works only when the string happens to be the same interned object.

Literal "SUCCEEDED" in the test is interned, so quick tries pass; a status read from a database
row, built by .value of an enum, decoded from JSON or joined at run time is an equal but distinct
object, and decide then treats a real SUCCEEDED as unknown (no replay) and a NOT_EXECUTED as unknown.
"""


def decide(situation):
    status = situation["status"]
    same = situation["same_arguments"]
    if status is "SUCCEEDED" and same is True:          # noqa: F632
        return "REPLAY_SUCCESS"
    if status is "SUCCEEDED" and same is False:         # noqa: F632
        return "MANUAL_REVIEW"
    if status is "NOT_EXECUTED" and situation["retries"] == 0:   # noqa: F632
        return "RETRY_ONCE"
    return "AWAIT_RECONCILIATION"
