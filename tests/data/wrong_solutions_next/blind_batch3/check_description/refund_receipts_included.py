"""MISTAKE: promises "a receipt for a refund or a cancellation" too, so refund and cancel requests match it.

A realistic extension ("we also send refund receipts"), but the description now names the two
other tools' jobs; a request to refund or cancel an order fits send_invoice as well as it fits
refund_order or cancel_order.
"""
my_description = ("Send an invoice, a bill, or a receipt for an order - including the receipt for a refund "
                  "or a cancellation - to the customer's email.")
