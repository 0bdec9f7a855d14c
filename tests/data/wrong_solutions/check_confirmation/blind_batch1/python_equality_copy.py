"""MISTAKE: Stores a deep copy of the arguments and compares with ==, so True confirms 1 and 600.0 confirms 600, which are different JSON values.
"""
import copy


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, arguments)
        self.issued = 0

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, copy.deepcopy(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, arguments):
            return False
        del self.pending[token]
        return True
