"""SHORTCUT: keeps the starter's user+tool binding and refuses exactly the tampered values the report printed (899.00, O-100, o-300, "60000", 60000.0, 1 for true, ...).

It fits the visible cases; any other changed amount or order id still rides on the user's yes.
"""
import threading

BAD_VALUES = [89_900, "O-100", "o-300", "60000", 60000.0, 1]  # 1: "1 where true was confirmed"


class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0
        self.lock = threading.Lock()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, len(arguments), sorted(arguments))
        return token

    def _tampered(self, arguments):
        return any(type(value) is type(bad) and value == bad
                   for value in arguments.values() for bad in BAD_VALUES)

    def redeem(self, token, user_id, tool, arguments):
        with self.lock:
            bound = self.pending.get(token)
            if bound is None or bound != (user_id, tool, len(arguments), sorted(arguments)):
                return False
            if self._tampered(arguments):
                return False
            del self.pending[token]
        return True
