"""MISTAKE: strips a markdown fence and surrounding prose-like whitespace before parsing, so text json.loads refuses now parses.

Carried over from the failure gallery: "```json\\n{...}\\n```" is not JSON, and strict_loads must give
the same result as json.loads (here: a ValueError), only stricter, never more lenient.
"""
import json
import math
import re

FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)


def strict_loads(text):
    match = FENCE.match(text)
    if match:
        text = match.group(1)

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

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
