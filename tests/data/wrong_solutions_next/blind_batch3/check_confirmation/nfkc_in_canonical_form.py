"""MISTAKE: NFKC-normalizes every string before hashing, so "Ｏ-３００" (full-width) redeems the token confirmed for "O-300".

The learner wanted "the same text typed differently" to match the user's confirmation. But the
token binds the exact call; a call whose order id is another string is another call, and the
runtime's pattern would treat it differently from what the user saw and confirmed.
"""
import hashlib
import json
import threading
import unicodedata


def _fold(value):
    if isinstance(value, str):
        return unicodedata.normalize("NFKC", value)
    if isinstance(value, dict):
        return {_fold(k): _fold(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fold(v) for v in value]
    return value


class Gate:
    def __init__(self):
        self.pending, self.issued, self.lock = {}, 0, threading.Lock()

    @staticmethod
    def digest(arguments):
        canonical = json.dumps(_fold(arguments), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode()).hexdigest()

    def issue(self, user_id, tool, arguments):
        with self.lock:
            self.issued += 1
            token = f"cf-{self.issued}"
            self.pending[token] = (user_id, tool, self.digest(arguments))
        return token

    def redeem(self, token, user_id, tool, arguments):
        wanted = (user_id, tool, self.digest(arguments))
        with self.lock:
            if self.pending.get(token) != wanted:
                return False
            del self.pending[token]
        return True
