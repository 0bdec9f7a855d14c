"""MISTAKE: Guards against overflow by refusing any float written with an exponent, so valid numbers like 1e3 or 2.5E-4 are refused.
"""
import json


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        if "e" in number.lower():
            raise ValueError(f"{number}: exponent floats may overflow")
        return float(number)

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
