"""MISTAKE: pops the token first (atomic, no lock) and puts it back when the call does not match, so a tampered attempt racing the real call can make the real one fail.

Single redeems behave: a refused attempt "does not spend" the token. But between the pop and the
put-back the token is gone: the user's real redeem arriving at that moment is refused, though the
text says a refused attempt must not cost the real call its confirmation.
"""
import hashlib
import json
import time


class Gate:
    def __init__(self):
        self.pending, self.issued = {}, 0

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}-{time.monotonic_ns()}"
        self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        bound = self.pending.pop(token, None)            # one pop: two redeems can't both pass
        if bound is None:
            return False
        if bound != (user_id, tool, self.digest(arguments)):
            self.pending[token] = bound                  # not this call: give the token back
            return False
        return True
