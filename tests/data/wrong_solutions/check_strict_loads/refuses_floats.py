"""MISTAKE: Refuses every float to be safe from overflow (parse_float raises), so a price of 12.5 is refused.

From the issue: check_strict_loads had no accepted float, so this passed.
"""

import json


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def no_float(number):
        raise ValueError(f"{number}: floats are not accepted")

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=no_float)


HINT = "a float is JSON, with or without an exponent"
