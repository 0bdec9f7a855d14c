"""Spends the token on every attempt: a tampered call burns it, and the user's real call is refused."""

from fcourse.lab.exercises.confirmation import SolutionGate

POINTS_AT = "a refused attempt must not spend the token"


class Gate(SolutionGate):
    def redeem(self, token, user_id, tool, arguments):
        return self.pending.pop(token, None) == (user_id, tool, self.digest(arguments))
