"""MISTAKE: A description that a copy of refund_order's description.
"""

my_description = 'Refund a paid order: the customer gets their money back. Only for orders that have been paid.'

HINT = 'should reach send_invoice, got refund_order'
