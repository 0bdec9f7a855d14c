"""SHORTCUT: Imports the package's reference tool_loop instead of writing the loop.
"""
from fcourse.lab.exercises.solutions import tool_loop  # noqa: F401
