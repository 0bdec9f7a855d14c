"""MISTAKE: names only "invoice"; the exercise asks that requests for a receipt or a bill (收据, 账单) reach send_invoice too.
"""
my_description = "Send the invoice for an order to the customer. Use it when the customer asks for an invoice."
