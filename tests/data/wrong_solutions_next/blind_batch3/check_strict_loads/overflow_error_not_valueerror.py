"""MISTAKE: raises OverflowError for a float that overflows; OverflowError is not a ValueError.

The learner picks the "most precise" built-in exception. OverflowError is an ArithmeticError,
so a caller that does `except ValueError` (chapter 2's run_call does) lets it escape. The
exercise asks for a ValueError in every refused case.
"""
import json
import math


def strict_loads(text):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(set(keys)) != len(keys):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise OverflowError(f"{number} overflows a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
