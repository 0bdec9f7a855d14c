"""MISTAKE: Compares keys case-insensitively when looking for duplicates, so an object with both "City" and "city" is refused.
"""
import json
import math


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key.strip().lower() for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
