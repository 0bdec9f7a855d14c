"""MISTAKE: a catch-all "any question about an order's documents, payment or account" description.

Written to be sure it catches every way of asking for an invoice, it also claims payments and
"anything about an order", so refunds, cancellations and even the ask-back requests are taken
by send_invoice.
"""
my_description = ("Use this for any customer question about an order: its documents, payment, "
                  "account or status. Sends the invoice.")
