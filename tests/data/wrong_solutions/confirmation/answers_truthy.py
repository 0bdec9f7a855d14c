"""Answers 'yes' and '' instead of True and False: the registry reads only a real bool."""

from fcourse.lab.exercises.confirmation import SolutionGate

POINTS_AT = "must let the exact call the user confirmed through"


class Gate(SolutionGate):
    def redeem(self, token, user_id, tool, arguments):
        return "yes" if super().redeem(token, user_id, tool, arguments) else ""
