"""MISTAKE: Binds the token to the user, the tool and the order id only, so a changed amount rides on the user's confirmation.
"""


class Gate:
    def __init__(self):
        self.pending = {}     # token -> (user, tool, order id)
        self.issued = 0

    def issue(self, user_id, tool, arguments):
        self.issued += 1
        token = f"cf-{self.issued}"
        self.pending[token] = (user_id, tool, arguments.get("order_id"))
        return token

    def redeem(self, token, user_id, tool, arguments):
        if self.pending.get(token) != (user_id, tool, arguments.get("order_id")):
            return False
        del self.pending[token]
        return True
