"""MISTAKE: describes the invoice as "what the customer paid / the money charged", words refund requests use.

The learner explains what an invoice is rather than when to send it. "Paid" and "money" are how
customers ask for refunds ("I paid but want my money back"), so refund requests drift to
send_invoice - another request taken by the new tool.
"""
my_description = ("Send the customer a record of what they paid for an order: the money charged, "
                  "the payment method and the amount, as an invoice or receipt.")
