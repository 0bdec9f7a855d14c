"""MISTAKE: Names only the word invoice, so requests for a receipt or a bill are not routed to send_invoice.
"""

my_description = "Send the invoice for an order to the customer."
