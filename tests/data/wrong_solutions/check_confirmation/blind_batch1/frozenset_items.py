"""MISTAKE: Binds the token to frozenset(arguments.items()), which raises TypeError when an argument value is a list or a dict.
"""


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, arguments as a frozenset)
        self.issued = 0

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, frozenset(arguments.items()))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, frozenset(arguments.items())):
            return False
        del self.pending[token]
        return True
