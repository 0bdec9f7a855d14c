"""MISTAKE: a trailing comma turns the description into a one-element tuple, not a string.

The learner split the long line in parentheses and left a comma at the end of the first part.
"""
my_description = ("Send the invoice, receipt or bill for an order to the customer's email. "
                  "Use it when the customer asks for an invoice, a receipt or a bill.",)
