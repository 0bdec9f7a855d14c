"""MISTAKE: parse_constant refuses only NaN and returns float(name) for Infinity, trusting parse_float to catch it.

The learner thinks Infinity is "a float that overflows" and is handled by the isinf check in
parse_float. But the literals Infinity and -Infinity go through parse_constant, never
parse_float, so {"range": [-Infinity, 3]} parses to -inf.
"""
import json
import math


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def constant(name):
        if name == "NaN":
            raise ValueError("NaN is not JSON")
        return float(name)  # Infinity: parse_float's isinf check refuses it

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=constant, parse_float=finite)
