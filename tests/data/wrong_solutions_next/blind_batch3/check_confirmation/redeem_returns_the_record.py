"""MISTAKE: redeem returns the stored binding (a truthy tuple) or None instead of True / False.

`if gate.redeem(...)` works, so the learner's own tries pass. But the method is specified to
answer True or False; a caller comparing `is True`, logging the answer or serializing it gets a
tuple holding the user and the arguments' hash, and None where False is due.
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
            if self.pending.get(token) == wanted:
                return self.pending.pop(token)
        return None
