"""Never forgets a redeemed token: the user's one yes pays out again and again."""

from fcourse.lab.exercises.confirmation import SolutionGate

POINTS_AT = "a token is used once"


class Gate(SolutionGate):
    def redeem(self, token, user_id, tool, arguments):
        return self.pending.get(token) == (user_id, tool, self.digest(arguments))
