"""MISTAKE: canonicalises the arguments as str(sorted(arguments.items())): top-level keys are sorted, nested objects are not, so the same call with a nested object's keys in another order is refused.

repr keeps True vs 1 and "60000" vs 60000 apart, so the visible type cases pass; but the
confirmed call {"refund": {"a": 1, "b": 2}} redeemed as {"refund": {"b": 2, "a": 1}} answers False.
"""
import threading


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0
        self.lock = threading.Lock()

    @staticmethod
    def digest(arguments):
        return str(sorted(arguments.items()))

    def issue(self, user_id, tool, arguments):
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
