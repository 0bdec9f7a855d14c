"""MISTAKE: Keeps one pending confirmation per (user, tool), so confirming a second call replaces the first and the first confirmed call's token stops working.
"""
import hashlib
import json


class Gate:
    def __init__(self):
        self.pending = {}     # (user, tool) -> (token, arguments hash)
        self.issued = 0

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[(user_id, tool)] = (token, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get((user_id, tool)) != (token, self.digest(arguments)):
            return False
        del self.pending[(user_id, tool)]
        return True
