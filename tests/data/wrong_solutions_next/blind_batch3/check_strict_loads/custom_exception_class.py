"""MISTAKE: a key given twice raises a custom DuplicateKeyError(Exception), not a ValueError.

Nice error type, wrong base class: the exercise says ValueError, and callers that catch
ValueError (or json.JSONDecodeError's parent) do not catch it.
"""
import json
import math


class DuplicateKeyError(Exception):
    """A JSON object names the same key twice."""


def strict_loads(text):
    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKeyError(f"the key {key!r} appears twice")
            seen.add(key)
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
