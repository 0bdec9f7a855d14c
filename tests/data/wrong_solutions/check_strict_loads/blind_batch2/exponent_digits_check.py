"""MISTAKE: decides overflow from the written exponent (> 308) instead of the parsed value.

"1000e306" overflows but has exponent 306, so it becomes inf; "0.001e309" is 1e306, finite, and is
refused. The check must look at the float, not at its spelling.
"""
import json
import re

EXPONENT = re.compile(r"[eE]([+-]?\d+)$")


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        match = EXPONENT.search(number)
        if match and int(match.group(1)) > 308:
            raise ValueError(f"{number} is too large for a float")
        return float(number)

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
