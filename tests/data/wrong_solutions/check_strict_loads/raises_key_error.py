"""MISTAKE: Right checks, wrong exception: a duplicate raises KeyError, which is not a ValueError.
"""


import json
import math


def strict_loads(text):
    def no_duplicates(pairs):
        out = {}
        for key, value in pairs:
            if key in out:
                raise KeyError(key)
            out[key] = value
        return out

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        if math.isinf(float(number)):
            raise ValueError("too large")
        return float(number)

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)

HINT = 'a refusal is a ValueError'
