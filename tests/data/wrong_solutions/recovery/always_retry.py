"""A timeout is a failure, so try again: the notebook's starter."""

POINTS_AT = "retried after SUCCEEDED"


def decide(situation):
    return "RETRY_ONCE"
