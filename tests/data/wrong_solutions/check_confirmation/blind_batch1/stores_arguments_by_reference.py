"""MISTAKE: Stores the caller's arguments dict itself and compares with it at redeem time, so a caller who changes that dict after issue changes what the token confirms.
"""


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, arguments)
        self.issued = 0

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, arguments)
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, arguments):
            return False
        del self.pending[token]
        return True
