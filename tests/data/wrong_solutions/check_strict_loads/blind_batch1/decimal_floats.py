"""MISTAKE: Parses floats as decimal.Decimal to avoid overflow, so ordinary JSON numbers like 12.5 no longer come back as Python floats.
"""
import json
from decimal import Decimal


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def exact(number):
        value = Decimal(number)
        if not value.is_finite():
            raise ValueError(f"{number} is not a finite number")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=exact)
