"""MISTAKE: over-broad scope ("anything about an order's payment or money"); refund requests ("I want my money back") now fit send_invoice as well.

The exercise requires that no other request is taken by it and none that was handled right
before breaks.
"""
my_description = ("Handles anything about an order's payment and money: invoices, receipts, bills, "
                  "charges, payments, what the customer paid and the money for an order.")
