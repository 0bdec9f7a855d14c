"""MISTAKE: Checks for NaN and infinity inside parse_float only, with no parse_constant hook, so the literals NaN/Infinity/-Infinity still pass.
"""
import json
import math


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""

    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("a key appears twice in one object")
        return dict(pairs)

    def finite(number):
        value = float(number)
        if math.isnan(value) or math.isinf(value):
            raise ValueError(f"{number} is not a finite number")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_float=finite)
