"""MISTAKE: Binds the token to the tool and the arguments but forgets the user, so another user can redeem it.
"""
import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (tool, arguments hash)
        self.issued = 0

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (tool, self.digest(arguments)):
            return False
        del self.pending[token]
        return True
