"""MISTAKE: checks overflow exactly with Decimal and returns the Decimal, so floats come back as Decimal.

The check itself is right (Decimal('1e999') > the largest float), but parse_float's return
value is what ends up in the result: 12.5 becomes Decimal('12.5'), and 1e-400 ("too small to
tell from 0") stays Decimal('1E-400') instead of 0.0. Not json.loads's result.
"""
import json
import sys
from decimal import Decimal

LARGEST = Decimal(repr(sys.float_info.max))


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = Decimal(number)
        if abs(value) > LARGEST:
            raise ValueError(f"{number} overflows a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
