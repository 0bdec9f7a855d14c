"""MISTAKE: Hashes json.dumps(arguments) without sort_keys, so the same arguments with their keys in another order are refused.
"""
import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, arguments hash)
        self.issued = 0

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments).encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, self.digest(arguments)):
            return False
        del self.pending[token]
        return True
