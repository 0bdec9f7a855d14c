"""MISTAKE: The token is a hash of the call itself, checked by recomputing it: anyone who knows the call can compute
a token the gate never issued.
"""

import hashlib
import json


class Gate:
    def __init__(self):
        self.used = set()

    @staticmethod
    def token_for(user_id, tool, arguments):
        return hashlib.sha256(json.dumps([user_id, tool, arguments], sort_keys=True).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        return self.token_for(user_id, tool, arguments)

    def redeem(self, token, user_id, tool, arguments):
        if token in self.used or token != self.token_for(user_id, tool, arguments):
            return False
        self.used.add(token)
        return True


HINT = "a hash anyone can compute from the call is a token anyone can forge"
