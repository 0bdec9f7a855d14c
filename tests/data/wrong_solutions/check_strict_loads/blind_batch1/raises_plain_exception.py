"""MISTAKE: Refuses with a bare Exception instead of ValueError, so callers that catch ValueError (as the notebook's parsers do) crash.
"""
import json
import math


class DuplicateKeyError(Exception):
    pass


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        for key in keys:
            if keys.count(key) > 1:
                raise DuplicateKeyError(f"the key {key!r} appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise Exception(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise Exception(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
