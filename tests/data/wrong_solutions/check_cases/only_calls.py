"""MISTAKE: Every case wants a call.
"""

my_cases = [{'id': 'my-refund-context',
  'lang': 'en',
  'category': 'single',
  'user': 'The blender arrived broken, I want my money back.',
  'expect': {'kind': 'call', 'calls': [{'name': 'refund_order', 'arguments': {'order_id': 'O-700'}}]},
  'context': 'Verified order: O-700, status: paid.'},
 {'id': 'my-cancel-zh',
  'lang': 'zh',
  'category': 'single',
  'user': '我不想要了，订单 O-701 还没付款，帮我取消。',
  'expect': {'kind': 'call', 'calls': [{'name': 'cancel_order', 'arguments': {'order_id': 'O-701'}}]}},
 {'id': 'my-parallel',
  'lang': 'en',
  'category': 'parallel',
  'user': 'Refund O-703, and where is the parcel of O-704?',
  'expect': {'kind': 'call',
             'calls': [{'name': 'refund_order', 'arguments': {'order_id': 'O-703'}},
                       {'name': 'track_shipment', 'arguments': {'order_id': 'O-704'}}]}},
 {'id': 'my-weather',
  'lang': 'en',
  'category': 'single',
  'user': 'Is it raining in Lisbon right now?',
  'expect': {'kind': 'call', 'calls': [{'name': 'get_weather', 'arguments': {'city': 'Lisbon'}}]}},
 {'id': 'my-track-zh',
  'lang': 'zh',
  'category': 'single',
  'user': '订单 O-705 的包裹到哪了？',
  'expect': {'kind': 'call', 'calls': [{'name': 'track_shipment', 'arguments': {'order_id': 'O-705'}}]}}]

HINT = 'add one that wants none'
