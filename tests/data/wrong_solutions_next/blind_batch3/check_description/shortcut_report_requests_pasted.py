"""SHORTCUT: pastes the example requests and the failing requests the report printed into the description.

A description made of the checker's own sentences (x-target-1, -3, -4, -5, -7 and the two examples)
matches those cases by construction; it says nothing about what the tool does.
"""
my_description = (
    "send_invoice. Please send me the invoice for O-400. 订单 O-401 要开发票。 "
    "Could you email me an invoice for order O-410? 请给订单 O-412 开一张发票。 O-413 的发票能发给我吗？ "
    "I paid but never got a bill for O-414. Can you send one? 订单 O-416 的收据麻烦发我邮箱。"
)
