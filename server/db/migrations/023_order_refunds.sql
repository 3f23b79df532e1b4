-- Staff give the whole payment of an order paid online back (POST /orders/:id/refund): the order is then cancelled
-- and refunded at once, its stock back. refund_id is the provider's id of the refund (Paymob's refund transaction,
-- Stripe's refund, the test provider's own), so staff can find it in the provider's dashboard.
ALTER TABLE orders ADD COLUMN is_refunded boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE orders ADD COLUMN refund_id text;
