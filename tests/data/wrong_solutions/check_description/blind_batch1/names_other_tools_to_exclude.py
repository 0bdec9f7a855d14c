"""MISTAKE: Names the other tools' jobs to exclude them, which puts the words refund, cancel and track into the description.
"""

my_description = ("Send the invoice, receipt or bill for an order. Do not use it to refund, cancel or track an order, "
                  "and not for the weather.")
