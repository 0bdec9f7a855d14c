"""MISTAKE: Describes the invoice as a record of the money paid or returned, which reads like a refund to a word-matching model.
"""

my_description = ("Send the customer a record of the money they paid for an order or got back, "
                  "as an invoice, a receipt or a bill.")
