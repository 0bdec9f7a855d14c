"""MISTAKE: `pending` and the counter are class attributes, so every Gate() shares one token table.

A mutable class attribute is one dict for all instances: a token issued by one gate redeems at
another, and a fresh Gate() starts with the previous gates' tokens (and their numbers) in it.
"""
import hashlib
import itertools
import json
import threading


class Gate:
    pending = {}                      # token -> (user, tool, arguments hash)
    counter = itertools.count(1)
    lock = threading.Lock()

    @staticmethod
    def digest(arguments):
        return hashlib.sha256(json.dumps(arguments, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            token = f"cf-{next(self.counter)}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
