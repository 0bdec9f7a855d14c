"""MISTAKE: Binds the token to the user and the arguments but not the tool, so a token confirmed for one tool is accepted for another tool with the same arguments.
"""
import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, arguments hash)
        self.issued = 0

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, self.digest(arguments)):
            return False
        del self.pending[token]
        return True
