"""MISTAKE: passes strict=False "because models put raw newlines in strings", accepting text json.loads refuses.

With strict=False, a raw newline or tab inside a string is accepted. That is not JSON, and
json.loads (strict=True by default) refuses it; a function called strict_loads now accepts
more than json.loads does, the opposite of the brief.
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
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, strict=False, object_pairs_hook=no_duplicates,
                      parse_constant=no_constant, parse_float=finite)
