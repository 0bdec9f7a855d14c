"""MISTAKE: canonicalises by sorting every list inside the arguments in place: a list in another order is accepted, and the caller's arguments are mutated.

The learner extended "key order does not matter" to lists; a JSON list's order is part of its value.
"""
import hashlib
import json
import threading


def _normalise(value):
    if isinstance(value, dict):
        for inner in value.values():
            _normalise(inner)
    elif isinstance(value, list):
        value.sort(key=lambda v: json.dumps(v, sort_keys=True))
        for inner in value:
            _normalise(inner)
    return value


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0
        self.lock = threading.Lock()

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(_normalise(arguments), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

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
