"""MISTAKE: stores a deep copy of the confirmed arguments and compares with ==, so 60000.0 == 60000 and True == 1 count as the confirmed call.
"""
import copy
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
            self.pending[token] = (user_id, tool, copy.deepcopy(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        with self.lock:
            if self.pending.get(token) != (user_id, tool, arguments):
                return False
            del self.pending[token]
        return True
