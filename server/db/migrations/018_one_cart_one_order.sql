-- A payment session whose cart was ordered another way (cash, or another session's payment) is 'superseded':
-- paying it can no longer make an order, so one cart makes one order.
ALTER TABLE payment_sessions DROP CONSTRAINT payment_sessions_status_check;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_status_check
  CHECK (status IN ('open', 'completed', 'cancelled', 'expired', 'superseded'));
-- Sessions of a cart are found by it when the cart is ordered.
CREATE INDEX payment_sessions_cart_idx ON payment_sessions (cart_id) WHERE status <> 'completed';
