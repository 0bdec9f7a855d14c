"""MISTAKE: Uses object_hook (which receives the already-built dict, with duplicates collapsed) instead of object_pairs_hook, so a key given twice is never detected.
"""
import json
import math


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(obj):
        keys = list(obj.keys())
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return obj

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
