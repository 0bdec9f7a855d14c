"""MISTAKE: keeps a shallow copy (dict(arguments)) of what the user confirmed; a nested list or object the caller edits afterwards changes the stored copy too.

The top-level "arguments edited after the confirmation" case passes; editing
arguments["items"].append(...) after issue still rides on the confirmation.
"""
import json
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
            self.pending[token] = (user_id, tool, dict(arguments))   # a copy, so later edits don't count
        return token

    def redeem(self, token, user_id, tool, arguments):
        with self.lock:
            bound = self.pending.get(token)
            if bound is None or bound[:2] != (user_id, tool):
                return False
            if json.dumps(bound[2], sort_keys=True) != json.dumps(arguments, sort_keys=True):
                return False
            del self.pending[token]
        return True
