"""MISTAKE: parse_float returns decimal.Decimal (to "keep precision" and spot overflow), so floats are no longer the same result as json.loads.

Decimal("1e999") is finite, so the overflow check needs Decimal limits; but every price comes back
as a Decimal: Decimal("0.1") != 0.1, json.dumps of the result fails, and arithmetic with floats raises.
"""
import json
import sys
from decimal import Decimal

LIMIT = Decimal(repr(sys.float_info.max))


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def exact(number):
        value = Decimal(number)
        if abs(value) > LIMIT:
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=exact)
