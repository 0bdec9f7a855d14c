"""MISTAKE: assigns the whole tool definition (a dict) to my_description instead of the description string the checker asks for.
"""
my_description = {
    "type": "function",
    "function": {
        "name": "send_invoice",
        "description": "Send the invoice or receipt for an order to the customer. "
                       "Use it when the customer asks for an invoice, a receipt or a bill.",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                       "required": ["order_id"]},
    },
}
