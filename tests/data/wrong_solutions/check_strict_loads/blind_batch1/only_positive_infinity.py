"""MISTAKE: The overflow check compares with float('inf') only, so a negative overflow such as -1e999 becomes -inf unnoticed.
"""
import json


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice in one object")
            seen.add(key)
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if value == float("inf"):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
