"""MISTAKE: checks the token, then pops it with a default, without a lock: two redeems at the same moment can both pass the check, and pop(token, None) hides the second one's failure, so both answer True.
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
        self.pending.pop(token, None)       # no KeyError if someone was faster
        return True
