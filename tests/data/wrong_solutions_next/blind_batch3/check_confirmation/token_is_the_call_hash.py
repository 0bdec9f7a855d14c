"""MISTAKE: the token is a hash of (user, tool, arguments), so two confirmations of the same call share one token and only one redeem succeeds.

The learner liked that the token "is" the binding. But the user may confirm the same call twice
(two identical top-ups, a confirmation re-issued after a page reload): each confirmation is one
use, and here the second issue overwrites the first, so the second redeem answers False.
"""
import hashlib
import json
import threading


class Gate:
    def __init__(self):
        self.pending = set()
        self.lock = threading.Lock()

    @staticmethod
    def token_for(user_id, tool, arguments):
        canonical = json.dumps([user_id, tool, arguments], sort_keys=True, separators=(",", ":"))
        return "cf-" + hashlib.sha256(canonical.encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        token = self.token_for(user_id, tool, arguments)
        with self.lock:
            self.pending.add(token)
        return token

    def redeem(self, token, user_id, tool, arguments):
        if token != self.token_for(user_id, tool, arguments):
            return False
        with self.lock:
            if token not in self.pending:
                return False
            self.pending.remove(token)
        return True
