-- Order items keep the order of the cart lines they came from.
ALTER TABLE order_items ADD COLUMN position int NOT NULL DEFAULT 0;
