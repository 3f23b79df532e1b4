-- Paymob beside Stripe and the test page: which of its methods the shopper chose, the order id Paymob gave the
-- payment (every transaction callback names it, signed, as obj.order.id: completion finds the session by it), and the
-- provider's id of the payment that took the money, which a refund names (Paymob's transaction, Stripe's payment intent).
ALTER TABLE payment_sessions ADD COLUMN payment_method text;
ALTER TABLE payment_sessions ADD COLUMN provider_order_id bigint UNIQUE;
ALTER TABLE payment_sessions ADD COLUMN provider_payment_id text;
-- A payment taken for a session whose cart was already ordered is given back at once: the session is then 'refunded'.
ALTER TABLE payment_sessions DROP CONSTRAINT payment_sessions_status_check;
ALTER TABLE payment_sessions ADD CONSTRAINT payment_sessions_status_check
  CHECK (status IN ('open', 'completed', 'cancelled', 'expired', 'superseded', 'refunded'));
