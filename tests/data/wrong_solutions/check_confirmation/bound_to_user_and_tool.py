"""MISTAKE: The plausible first try (the notebook's starter): the token remembers who and which tool, not which call.
"""




class Gate:
    def __init__(self):
        self.pending = {}
        self.issued = 0

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"t{self.issued}"
        self.pending[token] = (user_id, tool)
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool):
            return False
        del self.pending[token]
        return True

HINT = "bind the token to the call's arguments"
