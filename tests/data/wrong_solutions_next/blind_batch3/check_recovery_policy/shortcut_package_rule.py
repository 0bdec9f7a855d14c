"""SHORTCUT: wraps the package's fcourse.decide_recovery (shown in the notebook) and patches only the one case the report names.

It does not reason about retries or unknown arguments; it returns what the tested rule returns,
plus MANUAL_REVIEW for the one row "SUCCEEDED, under other arguments".
"""
from fcourse import decide_recovery


def decide(situation):
    if situation["status"] == "SUCCEEDED" and situation["same_arguments"] is False:
        return "MANUAL_REVIEW"
    action = decide_recovery(situation["status"] if situation["status"] is not None else "UNKNOWN")
    return getattr(action, "value", str(action))
