"""MISTAKE: Never forgets a redeemed token: the user's one yes pays out again and again.
"""

import hashlib
import json


class _Base:
    """A gate bound to (user, tool, arguments hash), single use (the reference's design; the mistake is below)."""

    def __init__(self):
        self.pending = {}
        self.issued = 0

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]

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

class Gate(_Base):
    def redeem(self, token, user_id, tool, arguments):
        return self.pending.get(token) == (user_id, tool, self.digest(arguments))

HINT = 'a token is used once'
