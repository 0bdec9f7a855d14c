"""SHORTCUT: delegates to the package's fcourse.decide_recovery (shown in the notebook), which looks at the status only and ignores same_arguments and retries.
"""
from fcourse import decide_recovery


def decide(situation):
    action = decide_recovery(situation["status"] if situation["status"] is not None else "UNKNOWN")
    return getattr(action, "value", str(action))
