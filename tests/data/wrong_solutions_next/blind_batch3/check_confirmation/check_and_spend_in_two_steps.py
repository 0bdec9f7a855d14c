"""MISTAKE: checks the binding under the lock, releases it, then spends the token with pop(token, None) under a second lock - two redeems at the same moment can both pass.

The learner fixed the KeyError from the report by using pop(..., None) and wrapped each step in
the lock, but the check and the spend are still two steps: both threads see the token, both
return True. The text: True once.
"""
import hashlib
import json
import threading


class Gate:
    def __init__(self):
        self.pending, self.issued, self.lock = {}, 0, threading.Lock()

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            ok = self.pending.get(token) == wanted
        if not ok:
            return False
        with self.lock:
            self.pending.pop(token, None)
        return True
