"""MISTAKE: an overflowing float raises OverflowError and a duplicate key raises KeyError, neither of which is a ValueError.

The exercise asks for a ValueError in every refused case; OverflowError is an ArithmeticError and
KeyError a LookupError, so a caller's `except ValueError` lets them through.
"""
import json
import math


def strict_loads(text):
    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise KeyError(f"the key {key!r} appears twice in one object")
            seen.add(key)
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise OverflowError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
