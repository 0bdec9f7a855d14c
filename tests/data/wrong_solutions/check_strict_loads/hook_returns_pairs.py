"""MISTAKE: Finds duplicates, but the hook returns the list of pairs instead of a dict.
"""


import json


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return pairs

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)

HINT = 'dicts (not lists of pairs)'
