"""MISTAKE: Pops the token before comparing, so a refused attempt (a changed amount) uses up the token and the user's real call is refused afterwards.
"""
import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, arguments hash)
        self.issued = 0

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        expected = self.pending.pop(token, None)   # single use
        return expected == (user_id, tool, self.digest(arguments))
