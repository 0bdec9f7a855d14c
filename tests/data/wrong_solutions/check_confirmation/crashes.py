"""MISTAKE: Raises on every redeem: a crash instead of an answer.
"""




class Gate:
    def issue(self, user_id, tool, arguments):
        return "t"

    def redeem(self, token, user_id, tool, arguments):
        raise KeyError(token)

HINT = 'must let the exact call the user confirmed through'
