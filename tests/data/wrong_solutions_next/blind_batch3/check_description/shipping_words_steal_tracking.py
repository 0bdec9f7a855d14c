"""MISTAKE: mentions the parcel and delivery ("sent with the parcel, proof of delivery"), so tracking requests drift to send_invoice.

The learner added context about when invoices are produced. Those words are track_shipment's:
"where is my parcel" now also fits send_invoice - a request that was handled right before breaks.
"""
my_description = ("Send the invoice, receipt or bill for an order, the paper that ships with the parcel "
                  "and serves as proof of delivery.")
