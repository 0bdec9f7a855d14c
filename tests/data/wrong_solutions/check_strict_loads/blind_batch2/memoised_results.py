"""MISTAKE: caches parsed results by text in a module-level dict and returns the same mutable object every time.

json.loads returns a fresh object per call; here a caller that pops "action" from the result (as
chapter 1's loop does) changes what the next strict_loads of the same text returns.
"""
import json
import math

_CACHE = {}


def strict_loads(text):
    if text in _CACHE:
        return _CACHE[text]

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
            raise ValueError(f"{number} is too large for a float")
        return value

    result = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
    _CACHE[text] = result
    return result
