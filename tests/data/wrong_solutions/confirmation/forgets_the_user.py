"""Binds the tool and the arguments but not the user: another user can ride on the confirmation."""

from fcourse.lab.exercises.confirmation import SolutionGate

POINTS_AT = "bind the token to the user"


class Gate(SolutionGate):
    def issue(self, user_id, tool, arguments):
        return super().issue("anyone", tool, arguments)

    def redeem(self, token, user_id, tool, arguments):
        return super().redeem(token, "anyone", tool, arguments)
