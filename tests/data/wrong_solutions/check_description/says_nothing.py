"""MISTAKE: A description that says nothing.
"""

my_description = 'Does useful things.'

HINT = 'does not reach this request'
