"""MISTAKE: Keeps the pending tokens and the counter as class attributes, so every Gate() shares them and a token issued by one gate is redeemable at another.
"""
import hashlib
import json


class Gate:
    pending = {}     # token -> (user, tool, arguments hash)
    issued = 0

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        Gate.issued += 1
        token = f"cf-{Gate.issued}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, self.digest(arguments)):
            return False
        del self.pending[token]
        return True
