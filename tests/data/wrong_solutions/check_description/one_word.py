"""MISTAKE: A description that one word.
"""

my_description = 'Invoice.'

HINT = 'does not reach this request'
