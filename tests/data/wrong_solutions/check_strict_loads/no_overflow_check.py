"""MISTAKE: Duplicates and NaN handled, but 1e999 is read as infinity.
"""


import json


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)

HINT = 'overflow to infinity: refuse a parsed float that is not finite'
