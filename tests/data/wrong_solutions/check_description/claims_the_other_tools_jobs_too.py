"""MISTAKE: A description that claims the other tools' jobs too.
"""

my_description = ('Invoices, refunds and cancellations: refund a paid order, cancel an unpaid order, or email'
                  ' its invoice.')

HINT = 'stolen by the new tool'
