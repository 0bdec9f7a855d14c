"""MISTAKE: binds the token to hash(frozenset(arguments.items())): True and 1 (and 60000.0 and 60000) hash and compare equal, and a list or object among the arguments raises TypeError.
"""
import threading


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0
        self.lock = threading.Lock()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, hash(frozenset(arguments.items())))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, hash(frozenset(arguments.items())))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
