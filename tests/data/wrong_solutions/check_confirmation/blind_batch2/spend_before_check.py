"""MISTAKE: pops the token first and only then compares, so a refused (tampered) attempt spends the token and the user's real call is refused.

The pop makes concurrent redeems safe, which is why the learner liked it.
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
        bound = self.pending.pop(token, None)          # single use, atomically
        return bound == (user_id, tool, self.digest(arguments))
