"""MISTAKE: adds a "do not use it for refunds, cancellations or tracking" clause; on a word-reading model the clause's words pull exactly those requests to send_invoice.

The learner followed the "say when not to use it" advice without measuring it; the exercise
requires that no refund, cancellation or tracking request is taken by the new tool.
"""
my_description = ("Send the invoice, receipt or bill for an order to the customer. "
                  "Do not use it to refund an order, cancel an order, or track where a parcel is; "
                  "do not use it for the weather or for greetings.")
