"""MISTAKE: names only "invoice", so requests for a receipt or a bill do not reach send_invoice.

The exercise says requests for an invoice, a receipt OR a bill must call the tool; the learner
tested with the two example requests (both say invoice / 发票) and stopped there.
"""
my_description = "Send the invoice for an order to the customer by email. Use it when the customer asks for an invoice."
