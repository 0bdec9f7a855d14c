"""Hashes the arguments as they come: the same call with its keys in another order is refused."""

import json

from fcourse.lab.exercises.confirmation import SolutionGate

POINTS_AT = "hash a canonical form of the arguments"


class Gate(SolutionGate):
    @staticmethod
    def digest(arguments):
        return json.dumps(arguments)
