"""SHORTCUT: pastes the requests the checker's report printed (x-target-1 ... 7) into the description, fitting the test set rather than describing the tool.
"""
my_description = (
    "Send a document about an order to the customer. "
    "Could you email me an invoice for order O-410? "
    "请给订单 O-412 开一张发票。 O-413 的发票能发给我吗？ "
    "I paid but never got a bill for O-414. Can you send one? "
    "订单 O-416 的收据麻烦发我邮箱。 Please send me the invoice for O-400. 订单 O-401 要开发票。"
)
