"""MISTAKE: A description that names the other tools' jobs to exclude them, and pulls their requests over.
"""

my_description = ('Email the customer the invoice (receipt) of an order, for their records or an expense '
                  'claim. It does not refund, cancel or track anything.')

HINT = 'claims requests that belong to another tool'
