"""MISTAKE: Checks the outermost object's keys only: a duplicate in a nested object or a list gets through.
"""


import json


def strict_loads(text):
    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    pairs = json.loads(text, object_pairs_hook=lambda p: p, parse_constant=no_constant)
    value = json.loads(text, parse_constant=no_constant, parse_float=float)
    if isinstance(pairs, list) and pairs and isinstance(pairs[0], tuple):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
    if "e999" in text:
        raise ValueError("too large")
    return value

HINT = 'a key twice in one object'
