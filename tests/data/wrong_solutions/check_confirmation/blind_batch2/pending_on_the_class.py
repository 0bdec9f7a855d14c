"""MISTAKE: `pending` and the counter are class attributes, shared by every Gate; one gate's tokens are redeemable at another, and a fresh Gate() is not fresh.

Gate A issues cf-1 for a call; Gate B, which never issued anything, accepts it.
"""
import hashlib
import json
import threading


class Gate:
    pending = {}          # token -> (user, tool, hash)
    issued = 0
    lock = threading.Lock()

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            Gate.issued += 1
            token = f"cf-{Gate.issued}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
