"""MISTAKE: Checks the token, then pops it, with nothing in between to stop a second redeem: two redeems of one token
at the same moment both pass.
"""

import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, self.digest(arguments)):
            return False
        self.pending.pop(token, None)
        return True


HINT = "check and spend the token in one step"
