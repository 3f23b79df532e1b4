-- Cart lines, addresses and wishlist entries are listed in the order they were added. created_at
-- alone cannot say so: PGlite's clock ticks in milliseconds, and two rows of one tick would then
-- fall back to their random ids. A sequence number keeps the order exact on both databases.
ALTER TABLE cart_items ADD COLUMN added bigserial;
ALTER TABLE addresses ADD COLUMN added bigserial;
ALTER TABLE wishlist_items ADD COLUMN added bigserial;
-- Cart lines are found by the (cart_id, product_id, color) unique index; the lists' own indexes follow the new order.
DROP INDEX addresses_user_idx;
CREATE INDEX addresses_user_idx ON addresses (user_id, added);
CREATE INDEX wishlist_items_user_added_idx ON wishlist_items (user_id, added);
