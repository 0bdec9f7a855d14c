"""MISTAKE: Gives refund and cancellation as examples of when an invoice is sent, which pulls refund and cancel requests toward send_invoice.
"""

my_description = ("Send the invoice or receipt for an order, for example after a payment, a refund or a cancellation, "
                  "when the customer asks for one.")
