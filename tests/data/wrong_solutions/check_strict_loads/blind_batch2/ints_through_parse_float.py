"""MISTAKE: also routes integers through the float check (parse_int=finite), so every int becomes a float and a very large integer is refused.

json.loads keeps 3 as int 3 and 10**400 as an exact int; only floats can overflow.
"""
import json
import math


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a number")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant,
                      parse_float=finite, parse_int=finite)
