"""MISTAKE: also routes integers through the overflow check (parse_int=finite), turning every int into a float.

"Be thorough: integers can be huge too." But `finite` returns float(text), so {"id": 2}
becomes {"id": 2.0} (equal under ==, a different type; an id of 12345678901234567890 loses
digits) and a very large integer, which json.loads returns exactly, is refused as infinite.
The exercise wants json.loads's result for ordinary JSON.
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
            raise ValueError(f"{number} does not fit a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant,
                      parse_float=finite, parse_int=finite)
