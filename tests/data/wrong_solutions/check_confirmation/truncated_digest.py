"""MISTAKE: Hashes only the first 60 characters of the canonical arguments, so a change at the end of a long key
rides on the confirmation.
"""

import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True)[:60].encode()).hexdigest()

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


HINT = "a key's last character counts"
