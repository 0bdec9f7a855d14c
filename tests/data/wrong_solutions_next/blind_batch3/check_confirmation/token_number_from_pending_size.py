"""MISTAKE: numbers tokens by len(self.pending) + 1, so after a redeem a new token reuses a number that is still pending and overwrites that call's confirmation.

Issue A (cf-1), issue B (cf-2), redeem A: pending holds cf-2 only; issue C gets cf-2 again and
replaces B's binding. B's real call is now refused, and C's token also fits... a token must
belong to exactly one call.
"""
import hashlib
import json
import threading


class Gate:
    def __init__(self):
        self.pending = {}
        self.lock = threading.Lock()

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            token = f"cf-{len(self.pending) + 1}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
