"""MISTAKE: A description that only the word 'invoice' (misses receipts, 收据).
"""

my_description = 'Send the customer the invoice for an order.'

HINT = 'x-target-7'
