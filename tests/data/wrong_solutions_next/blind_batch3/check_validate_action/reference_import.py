"""SHORTCUT: keeps the notebook's package version (validate_action = solutions.validate_action).

Section 5 already bound validate_action to the package's; the learner pastes that line into
the exercise cell instead of writing the function.
"""
from fcourse.lab.exercises import solutions

validate_action = solutions.validate_action
