-- A shopper may cancel an order that is neither paid nor delivered; the time feeds the order's status history.
ALTER TABLE orders ADD COLUMN is_cancelled boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
