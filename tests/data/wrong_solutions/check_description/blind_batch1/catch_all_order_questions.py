"""MISTAKE: Makes the tool a catch-all for every order question, so order requests meant for other tools are pulled over.
"""

my_description = ("Use this for anything about an order: invoices, receipts, bills, payments, order details, "
                  "order status and what was charged.")
