"""MISTAKE: adds a "not for refunds, cancellations or tracking" clause, which puts those very words into send_invoice's description.

Section 13 measured that such clauses cost cases on a reader that weighs words: refund and
cancel requests now also match send_invoice. The exercise requires that no other request is
taken by it and none that was handled right before breaks.
"""
my_description = ("Send the invoice, receipt or bill for an order to the customer. "
                  "Not for refunds, cancellations, tracking a parcel or checking the weather.")
