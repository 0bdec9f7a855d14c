"""MISTAKE: parse_constant refuses only "NaN" and "Infinity", so "-Infinity" (its own constant name) still parses.

json passes the constant's exact spelling to parse_constant: "NaN", "Infinity" or "-Infinity".
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
        if name in ("NaN", "Infinity"):
            raise ValueError(f"{name} is not JSON")
        return float(name)

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
